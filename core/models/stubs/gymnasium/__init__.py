# gymnasium (1.0; the API of 0.26-0.29 is the same): make() with the spaces of the registered
# environments, spaces, wrappers, Env. See envs/registration.py for the table of environments
# and the API tenscan models (reset -> (obs, info), step -> 5-tuple). What is not modelled here
# (gymnasium.vector, make_vec, utils, ...) is an unknown value, listed as an environment API
# that needs no model (core/models/benign.cpp).
from gymnasium.core import Env, Wrapper, ObservationWrapper, ActionWrapper, RewardWrapper
from gymnasium.envs.registration import make, register, registry, spec, EnvSpec
from gymnasium import spaces
from gymnasium import error
from gymnasium import wrappers
from gymnasium import envs
from gymnasium.spaces import Space

__version__ = "1.0.0"
