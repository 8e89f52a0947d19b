# gym.envs.registration: gymnasium's (core/models/stubs/gymnasium/envs/registration.py)
from gymnasium.envs.registration import make, register, registry, spec, EnvSpec
