# gym.envs: gymnasium's registry (core/models/stubs/gymnasium/envs/registration.py)
from gymnasium.envs.registration import make, register, registry, spec, EnvSpec
