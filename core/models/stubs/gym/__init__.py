# gym (the legacy package, by OpenAI; gymnasium is its continuation): modelled with the API of
# gym >= 0.26, which gymnasium kept unchanged: reset(seed=...) -> (obs, info) and
# step(action) -> (obs, reward, terminated, truncated, info). Scripts written for gym < 0.26
# (`obs = env.reset()`, `obs, reward, done, info = env.step(a)`) are read with that API too;
# tenscan cannot tell which version is installed. Everything is gymnasium's model
# (core/models/stubs/gymnasium); what neither models is an unknown value (benign.cpp).
from gymnasium import Env, Wrapper, ObservationWrapper, ActionWrapper, RewardWrapper
from gymnasium import make, register, registry, spec
from gym import spaces
from gym import wrappers
from gym import envs
from gym import error
from gymnasium.spaces import Space

__version__ = "0.26.2"
