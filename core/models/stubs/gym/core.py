# gym.core: gymnasium's (core/models/stubs/gymnasium/core.py)
from gymnasium.core import Env, Wrapper, ObservationWrapper, ActionWrapper, RewardWrapper
