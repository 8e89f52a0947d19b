# gymnasium.core (gymnasium 1.0, gymnasium/core.py): Env and the wrapper base classes.
# The API is gymnasium's (also gym >= 0.26): reset(*, seed, options) -> (obs, info) and
# step(action) -> (obs, reward, terminated, truncated, info). terminated and truncated are
# decided by the simulation: unknown truths.
import builtins as _b
import _tenscan as _t
import numpy as _np


class Env:
    """Base class of environments: user environments subclass it and set observation_space and
    action_space; the registered ones (gymnasium.make) are gymnasium.envs.registration._TableEnv."""

    metadata = {"render_modes": []}
    render_mode = None
    spec = None
    observation_space = None
    action_space = None
    reward_range = (-float("inf"), float("inf"))

    @property
    def np_random(self):
        return _np.random.default_rng()

    @property
    def np_random_seed(self):
        return _t.unknown("Env.np_random_seed")

    @property
    def unwrapped(self):
        return self

    def step(self, action):
        raise NotImplementedError

    def reset(self, *, seed=None, options=None):
        return None

    def render(self):
        return None

    def close(self):
        return None

    def get_wrapper_attr(self, name):
        return _b.getattr(self, name)

    def has_wrapper_attr(self, name):
        return _b.hasattr(self, name)

    def set_wrapper_attr(self, name, value, *, force=True):
        _b.setattr(self, name, value)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


class Wrapper(Env):
    """Wrapper(env): the spaces, spec and metadata of the wrapped environment unless set on the
    wrapper; reset and step pass through."""

    def __init__(self, env):
        self.env = env
        # plain attributes, not gymnasium's properties: a subclass assigns its own spaces
        # (`self.observation_space = Box(...)`) after Wrapper.__init__
        self.observation_space = env.observation_space
        self.action_space = env.action_space
        self.reward_range = env.reward_range

    @property
    def spec(self):
        return self.env.spec

    @property
    def metadata(self):
        return self.env.metadata

    @property
    def render_mode(self):
        return self.env.render_mode

    @property
    def np_random(self):
        return self.env.np_random

    @property
    def unwrapped(self):
        return self.env.unwrapped

    def step(self, action):
        return self.env.step(action)

    def reset(self, *, seed=None, options=None):
        return self.env.reset(seed=seed, options=options)

    def render(self):
        return self.env.render()

    def close(self):
        return self.env.close()

    def get_wrapper_attr(self, name):
        if _b.hasattr(self, name):
            return _b.getattr(self, name)
        return self.env.get_wrapper_attr(name)

    def __getattr__(self, name):
        # gymnasium 1.0 raises AttributeError for other names; older versions forwarded them
        # to the wrapped environment: an attribute tenscan does not model
        return _t.unknown("gymnasium.Wrapper." + name)


class ObservationWrapper(Wrapper):
    """observation(obs) is applied to what reset and step return."""

    def reset(self, *, seed=None, options=None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self.observation(obs), info

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self.observation(obs), reward, terminated, truncated, info

    def observation(self, observation):
        raise NotImplementedError


class RewardWrapper(Wrapper):
    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, self.reward(reward), terminated, truncated, info

    def reward(self, reward):
        raise NotImplementedError


class ActionWrapper(Wrapper):
    def step(self, action):
        return self.env.step(self.action(action))

    def action(self, action):
        raise NotImplementedError
