# gymnasium.wrappers (gymnasium 1.0, gymnasium/wrappers/*.py, and the 0.26-0.29 names): most
# wrappers keep the environment's spaces and pass reset/step through; the observation wrappers
# that change the observation's shape or dtype (FlattenObservation, FrameStackObservation,
# GrayscaleObservation, ResizeObservation, ReshapeObservation, DtypeObservation,
# TransformObservation, NumpyToTorch) change it the way the real wrapper does.
import builtins as _b
import _tenscan as _t
import numpy as _np
from gymnasium import spaces as _spaces
from gymnasium.core import Wrapper, ObservationWrapper, ActionWrapper, RewardWrapper


class _PassThrough(Wrapper):
    def __init__(self, env, *args, **kwargs):
        Wrapper.__init__(self, env)


class TimeLimit(_PassThrough):
    def __init__(self, env, max_episode_steps=None):
        Wrapper.__init__(self, env)
        self._max_episode_steps = max_episode_steps


class RecordEpisodeStatistics(_PassThrough):
    def __init__(self, env, buffer_length=100, stats_key="episode", deque_size=None):
        Wrapper.__init__(self, env)
        self.episode_count = 0
        self.time_queue = _t.unknown("RecordEpisodeStatistics.time_queue")
        self.return_queue = _t.unknown("RecordEpisodeStatistics.return_queue")
        self.length_queue = _t.unknown("RecordEpisodeStatistics.length_queue")

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        # info["episode"] = {"r": return, "l": length, "t": time} when an episode ends
        info = _b.dict(info)
        info["episode"] = {"r": _b.float(_t.unknown("episode return")), "l": _b.int(_t.unknown("episode length")),
                           "t": _b.float(_t.unknown("episode time"))}
        return obs, reward, terminated, truncated, info


class OrderEnforcing(_PassThrough):
    pass


class PassiveEnvChecker(_PassThrough):
    pass


class Autoreset(_PassThrough):
    pass


AutoResetWrapper = Autoreset


class RecordVideo(_PassThrough):
    pass


class HumanRendering(_PassThrough):
    pass


class RenderCollection(_PassThrough):
    pass


class StickyAction(_PassThrough):
    pass


class ClipAction(_PassThrough):
    pass


class RescaleAction(_PassThrough):
    pass


class ClipReward(_PassThrough):
    pass


class NormalizeReward(_PassThrough):
    pass


class NormalizeObservation(_PassThrough):
    pass


class RescaleObservation(_PassThrough):
    pass


class MaxAndSkipObservation(_PassThrough):
    pass


class DelayObservation(_PassThrough):
    pass


class StepAPICompatibility(_PassThrough):
    pass


class TransformReward(RewardWrapper):
    def __init__(self, env, func):
        Wrapper.__init__(self, env)
        self.func = func

    def reward(self, reward):
        return self.func(reward)


class TransformAction(ActionWrapper):
    def __init__(self, env, func, action_space=None):
        Wrapper.__init__(self, env)
        self.func = func
        if action_space is not None:
            self.action_space = action_space

    def action(self, action):
        return self.func(action)


class TransformObservation(ObservationWrapper):
    """TransformObservation(env, func, observation_space): func applied to every observation
    (0.26-0.29: TransformObservation(env, f))."""

    def __init__(self, env, func, observation_space=None):
        Wrapper.__init__(self, env)
        self.func = func
        if observation_space is not None:
            self.observation_space = observation_space

    def observation(self, observation):
        return self.func(observation)


def _box(shape, dtype):
    return _spaces.Box(-_np.inf, _np.inf, shape, dtype)


def _obs_box(env, name):
    """The wrapped environment's Box observation space, or None (an unknown one)."""
    space = env.observation_space
    if _b.isinstance(space, _spaces.Box):
        return space
    return None


class FlattenObservation(ObservationWrapper):
    """observation_space = spaces.flatten_space(env.observation_space); observations flattened
    (a Discrete one becomes a one-hot array of n)."""

    def __init__(self, env):
        Wrapper.__init__(self, env)
        space = env.observation_space
        if _t.is_unknown(space):
            self._flat = None
        else:
            n = _spaces.flatdim(space)
            self._flat = None if _t.is_unknown(n) else n
        if self._flat is not None:
            dtype = space.dtype if _b.isinstance(space, _spaces.Box) else _np.int64
            self.observation_space = _box((self._flat,), dtype)

    def observation(self, observation):
        if self._flat is None:
            return _t.unknown("FlattenObservation.observation()")
        return self.observation_space._value("a flattened observation")


class ReshapeObservation(ObservationWrapper):
    def __init__(self, env, shape):
        Wrapper.__init__(self, env)
        self._shape = _spaces._int_tuple(shape)
        box = _obs_box(env, "ReshapeObservation")
        if box is not None:
            # assert np.prod(shape) == np.prod(env.observation_space.shape)
            self.observation_space = _box(self._shape, box.dtype)

    def observation(self, observation):
        return _np.reshape(observation, self._shape)


class DtypeObservation(ObservationWrapper):
    def __init__(self, env, dtype):
        Wrapper.__init__(self, env)
        self._dtype = dtype
        box = _obs_box(env, "DtypeObservation")
        if box is not None:
            self.observation_space = _box(box.shape, dtype)

    def observation(self, observation):
        return _np.asarray(observation, self._dtype)


class FrameStackObservation(ObservationWrapper):
    """FrameStackObservation(env, stack_size): observations of shape (stack_size, *obs_shape)
    (0.26-0.29 FrameStack(env, num_stack): LazyFrames of that shape)."""

    def __init__(self, env, stack_size=None, *, padding_type="reset", num_stack=None, lz4_compress=False):
        Wrapper.__init__(self, env)
        n = stack_size if stack_size is not None else num_stack
        self._n = n
        box = _obs_box(env, "FrameStackObservation")
        self._box = None
        if box is not None and n is not None:
            self._box = _box((n,) + _b.tuple(box.shape), box.dtype)
            self.observation_space = self._box

    def observation(self, observation):
        if self._box is None:
            return _t.unknown("FrameStackObservation.observation()")
        return self._box._value("stacked observations")


class FrameStack(FrameStackObservation):
    def __init__(self, env, num_stack, lz4_compress=False):
        FrameStackObservation.__init__(self, env, num_stack)


class GrayscaleObservation(ObservationWrapper):
    """An (H, W, 3) uint8 observation becomes (H, W), or (H, W, 1) with keep_dim=True."""

    def __init__(self, env, keep_dim=False):
        Wrapper.__init__(self, env)
        box = _obs_box(env, "GrayscaleObservation")
        self._box = None
        if box is not None and not _t.is_unknown(box.shape) and _b.len(box.shape) == 3:
            shape = box.shape[:2]
            if keep_dim:
                shape = shape + (1,)
            self._box = _box(shape, _np.uint8)
            self.observation_space = self._box

    def observation(self, observation):
        if self._box is None:
            return _t.unknown("GrayscaleObservation.observation()")
        return self._box._value("a grayscale observation")


GrayScaleObservation = GrayscaleObservation


class ResizeObservation(ObservationWrapper):
    """The observation's first two axes resized to shape (an int: (shape, shape)), the channel
    axis kept."""

    def __init__(self, env, shape):
        Wrapper.__init__(self, env)
        if _b.isinstance(shape, _b.int):
            shape = (shape, shape)
        box = _obs_box(env, "ResizeObservation")
        self._box = None
        if box is not None and not _t.is_unknown(box.shape) and _b.len(box.shape) >= 2:
            self._box = _box(_b.tuple(shape) + _b.tuple(box.shape[2:]), box.dtype)
            self.observation_space = self._box

    def observation(self, observation):
        if self._box is None:
            return _t.unknown("ResizeObservation.observation()")
        return self._box._value("a resized observation")


class TimeAwareObservation(_PassThrough):
    pass


class AtariPreprocessing(ObservationWrapper):
    def __init__(self, env, *args, **kwargs):
        Wrapper.__init__(self, env)
        self.observation_space = _t.unknown("AtariPreprocessing.observation_space")

    def observation(self, observation):
        return _t.unknown("AtariPreprocessing.observation()")


class NumpyToTorch(Wrapper):
    """Observations become torch tensors (torch.from_numpy), actions numpy arrays."""

    def __init__(self, env, device=None):
        Wrapper.__init__(self, env)

    def _to_torch(self, x):
        if _t.is_tensor(x):
            return _t.same(x)
        return x

    def reset(self, *, seed=None, options=None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self._to_torch(obs), info

    def step(self, action):
        if _t.is_tensor(action):
            action = _t.unknown("NumpyToTorch: the action as a numpy array")
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self._to_torch(obs), reward, terminated, truncated, info
