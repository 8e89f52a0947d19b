# gymnasium.envs: the registry (gymnasium/envs/__init__.py registers the built-in environments;
# their spaces are the table in registration.py)
from gymnasium.envs.registration import make, register, registry, spec, EnvSpec
