# gym.error: gymnasium's (core/models/stubs/gymnasium/error.py)
from gymnasium.error import (Error, UnregisteredEnv, NameNotFound, VersionNotFound, DeprecatedEnv,
                             DependencyNotInstalled, ResetNeeded, InvalidAction, ClosedEnvironmentError)
