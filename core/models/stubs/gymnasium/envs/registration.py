# gymnasium.envs.registration: make() for the environments gymnasium registers itself
# (gymnasium/envs/__init__.py), from a table of their spaces (taken from each environment's
# source, see _FAMILIES). Ids of every release from 0.26 to 1.x are listed (LunarLander-v2 and
# -v3, Taxi-v3 and -v4, ...): a script is checked against the version it was written for.
# Any other id (Atari "ALE/...", MuJoCo, ids the project registers itself) gives an environment
# whose observations tenscan does not know; that is never reported.
#
# The API is gymnasium's, also that of gym >= 0.26 (the `gym` stub re-exports this one):
# reset() -> (obs, info), step() -> (obs, reward, terminated, truncated, info). gym < 0.26
# (reset() -> obs, a 4-tuple step) is not modelled.
import builtins as _b
import _tenscan as _t
import numpy as _np
from gymnasium import spaces as _spaces
from gymnasium.core import Env, Wrapper


# ---- the spaces of the registered environments -----------------------------------------------
# A space is described as ("Box", shape, dtype, low, high) (low/high: scalar bounds, or None
# when they differ per dimension), ("Discrete", n) or ("Tuple", (space, ...)).
_F32 = "float32"

# family: (observation space, action space, reward type, step() asserts
#          self.action_space.contains(action), source file in gymnasium 1.0)
_FAMILIES = {
    # observation_space = Box(-high, high, dtype=float32), high of 4 entries; Discrete(2);
    # step: assert self.action_space.contains(action), f"{action!r} ({type(action)}) invalid"
    "CartPole": (("Box", (4,), _F32, None, None), ("Discrete", 2), "float", True,
                 "gymnasium/envs/classic_control/cartpole.py"),
    # Box(self.low, self.high) with 2 entries; Discrete(3); reward = -1.0; asserts like CartPole
    "MountainCar": (("Box", (2,), _F32, None, None), ("Discrete", 3), "float", True,
                    "gymnasium/envs/classic_control/mountain_car.py"),
    # Box(low_state, high_state) 2 entries; action Box(min_action=-1, max_action=1, shape=(1,))
    "MountainCarContinuous": (("Box", (2,), _F32, None, None), ("Box", (1,), _F32, -1.0, 1.0), "float", False,
                              "gymnasium/envs/classic_control/continuous_mountain_car.py"),
    # Box(-high, high), high = [1, 1, max_speed]; action Box(-max_torque=-2, 2, shape=(1,))
    "Pendulum": (("Box", (3,), _F32, None, None), ("Box", (1,), _F32, -2.0, 2.0), "float", False,
                 "gymnasium/envs/classic_control/pendulum.py"),
    # Box(low, high) of 6 entries; Discrete(3); step indexes AVAIL_TORQUE[a] (no assert)
    "Acrobot": (("Box", (6,), _F32, None, None), ("Discrete", 3), "float", False,
                "gymnasium/envs/classic_control/acrobot.py"),
    # Box(low, high) of 8 entries; Discrete(4), or Box(-1, +1, (2,)) when continuous; the
    # discrete step asserts contains(action)
    "LunarLander": (("Box", (8,), _F32, None, None), ("Discrete", 4), "float", True,
                    "gymnasium/envs/box2d/lunar_lander.py"),
    # Box(low, high) of 14 + 10 lidar entries; action Box(-1, 1) of 4 entries
    "BipedalWalker": (("Box", (24,), _F32, None, None), ("Box", (4,), _F32, -1.0, 1.0), "float", False,
                      "gymnasium/envs/box2d/bipedal_walker.py"),
    # Box(0, 255, (STATE_H=96, STATE_W=96, 3), uint8); action Box([-1, 0, 0], [1, 1, 1]), or
    # Discrete(5) when continuous=False
    "CarRacing": (("Box", (96, 96, 3), "uint8", 0, 255), ("Box", (3,), _F32, None, None), "float", False,
                  "gymnasium/envs/box2d/car_racing.py"),
    # Discrete(nrow * ncol) (16 for "4x4", 64 for "8x8"), Discrete(4); obs int(s),
    # reward float(new_letter == b"G")
    "FrozenLake": (("Discrete", 16), ("Discrete", 4), "float", False, "gymnasium/envs/toy_text/frozen_lake.py"),
    # num_states = 500, num_actions = 6; rewards -1, -10, 20 (ints)
    "Taxi": (("Discrete", 500), ("Discrete", 6), "int", False, "gymnasium/envs/toy_text/taxi.py"),
    # shape (4, 12): nS = 48, nA = 4; rewards -1 and -100 (ints)
    "CliffWalking": (("Discrete", 48), ("Discrete", 4), "int", False, "gymnasium/envs/toy_text/cliffwalking.py"),
    # Tuple((Discrete(32), Discrete(11), Discrete(2))), Discrete(2); step asserts contains
    "Blackjack": (("Tuple", (("Discrete", 32), ("Discrete", 11), ("Discrete", 2))), ("Discrete", 2), "float", True,
                  "gymnasium/envs/toy_text/blackjack.py"),
}

# id: (family, registration kwargs, max_episode_steps, reward_threshold)
_ENVS = {
    "CartPole-v0": ("CartPole", {}, 200, 195.0),
    "CartPole-v1": ("CartPole", {}, 500, 475.0),
    "MountainCar-v0": ("MountainCar", {}, 200, -110.0),
    "MountainCarContinuous-v0": ("MountainCarContinuous", {}, 999, 90.0),
    "Pendulum-v1": ("Pendulum", {}, 200, None),
    "Acrobot-v1": ("Acrobot", {}, 500, -100.0),
    "LunarLander-v2": ("LunarLander", {}, 1000, 200),
    "LunarLander-v3": ("LunarLander", {}, 1000, 200),
    "LunarLanderContinuous-v2": ("LunarLander", {"continuous": True}, 1000, 200),
    "LunarLanderContinuous-v3": ("LunarLander", {"continuous": True}, 1000, 200),
    "BipedalWalker-v3": ("BipedalWalker", {}, 1600, 300),
    "BipedalWalkerHardcore-v3": ("BipedalWalker", {"hardcore": True}, 2000, 300),
    "CarRacing-v2": ("CarRacing", {}, 1000, 900),
    "CarRacing-v3": ("CarRacing", {}, 1000, 900),
    "Blackjack-v1": ("Blackjack", {"sab": True, "natural": False}, None, None),
    "FrozenLake-v1": ("FrozenLake", {"map_name": "4x4"}, 100, 0.70),
    "FrozenLake8x8-v1": ("FrozenLake", {"map_name": "8x8"}, 200, 0.85),
    "CliffWalking-v0": ("CliffWalking", {}, None, None),
    "CliffWalking-v1": ("CliffWalking", {}, None, None),
    "CliffWalkingSlippery-v1": ("CliffWalking", {"is_slippery": True}, None, None),
    "Taxi-v3": ("Taxi", {}, 200, 8),
    "Taxi-v4": ("Taxi", {}, 200, 8),
}


def _space(desc):
    kind = desc[0]
    if kind == "Box":
        lo = desc[3]
        hi = desc[4]
        if lo is None:
            lo = -_np.inf
            hi = _np.inf
        return _spaces.Box(lo, hi, desc[1], desc[2])
    if kind == "Discrete":
        return _spaces.Discrete(desc[1])
    return _spaces.Tuple([_space(d) for d in desc[1]])


def _frozen_lake_states(kwargs):
    """FrozenLakeEnv(desc=None, map_name="4x4"): nS = nrow * ncol of desc, MAPS[map_name], or of
    generate_random_map() (8x8) when both are None."""
    desc = kwargs.get("desc")
    if desc is None:
        name = kwargs.get("map_name", "4x4")
        if name is None:
            return 64
        if name == "8x8":
            return 64
        if name == "4x4":
            return 16
        return None
    if _b.isinstance(desc, _b.list) and _b.len(desc) > 0 and _t.is_str(desc[0]):
        return _b.len(desc) * _b.len(desc[0])
    return None


def _family_spaces(family, kwargs):
    obs, act, reward, asserts, source = _FAMILIES[family]
    if family == "LunarLander" and kwargs.get("continuous", False):
        act = ("Box", (2,), _F32, -1.0, 1.0)
        asserts = False
    if family == "CarRacing" and not kwargs.get("continuous", True):
        act = ("Discrete", 5)
    if family == "FrozenLake":
        n = _frozen_lake_states(kwargs)
        if n is None:
            n = _t.symbol("FrozenLake states", 1)
        obs = ("Discrete", n)
    return _space(obs), _space(act), reward, asserts


class EnvSpec:
    def __init__(self, id, entry_point=None, reward_threshold=None, nondeterministic=False, max_episode_steps=None,
                 order_enforce=True, disable_env_checker=False, kwargs=None, **extra):
        self.id = id
        self.entry_point = entry_point
        self.reward_threshold = reward_threshold
        self.nondeterministic = nondeterministic
        self.max_episode_steps = max_episode_steps
        self.order_enforce = order_enforce
        self.disable_env_checker = disable_env_checker
        self.kwargs = {} if kwargs is None else kwargs
        self.name = id
        self.version = None
        self.namespace = None

    def make(self, **kwargs):
        return make(self, **kwargs)


class _TableEnv(Env):
    """A registered environment of the table: its spaces, its observations (arrays of the
    observation space's shape and dtype, ints for Discrete), its rewards (floats or ints)."""

    def __init__(self, env_id, family, kwargs, spec):
        self._id = env_id
        self.spec = spec
        self.render_mode = kwargs.get("render_mode")
        self.metadata = {"render_modes": ["human", "rgb_array"], "render_fps": 50}
        obs, act, reward, asserts = _family_spaces(family, kwargs)
        self.observation_space = obs
        self.action_space = act
        self._reward_kind = reward
        self._asserts_action = asserts

    def _obs(self):
        return self.observation_space._value("the observation of " + self._id)

    def reset(self, *, seed=None, options=None):
        return self._obs(), {}

    def step(self, action):
        if self._asserts_action:
            _check_action(self._id, self.action_space, action)
        if self._reward_kind == "int":
            reward = _b.int(_t.unknown("the reward of " + self._id))
        else:
            reward = _b.float(_t.unknown("the reward of " + self._id))
        return self._obs(), reward, _t.unknown("terminated"), _t.unknown("truncated"), {}


def _check_action(env_id, space, action):
    """step() asserts self.action_space.contains(action), f"{action!r} ({type(action)}) invalid":
    reported when the action is certainly outside the Discrete space (a torch.Tensor, a float,
    an array with dimensions, an int out of range)."""
    c = space._contains(action)
    if c is None:
        return
    if _spaces._is_torch_tensor(action):
        _t.require(c, "hparam/invalid-value", env_id, ".step(action): ", space.__repr__(),
                   ".contains() rejects a torch.Tensor (shape ", action,
                   "), only an int or a 0-d integer NumPy array: AssertionError 'tensor(...) ",
                   "(<class 'torch.Tensor'>) invalid' (pass action.item())")
    elif _t.is_tensor(action):
        _t.require(c, "hparam/invalid-value", env_id, ".step(action): ", space.__repr__(),
                   ".contains() rejects a numpy.ndarray of shape ", action, " and dtype ", _t.dtype(action),
                   ", only an int or a 0-d integer array: AssertionError '... (<class 'numpy.ndarray'>) invalid'",
                   " (pass int(action))")
    elif _b.isinstance(action, _b.int):
        _t.require(c, "hparam/invalid-value", env_id, ".step(action): the action ", action, " is not in ",
                   space.__repr__(), " (valid actions are ", space.start, " to ", space.start + space.n - 1,
                   "): AssertionError '", action, " (<class 'int'>) invalid'")
    else:
        _t.require(c, "hparam/invalid-value", env_id, ".step(action): ", space.__repr__(),
                   ".contains() rejects an action of type ", _b.type(action).__name__,
                   ", only an int or a 0-d integer NumPy array: AssertionError '... invalid'")


class _UnknownEnv(Env):
    """An environment tenscan has no table entry for: observations and rewards unknown."""

    def __init__(self, env_id, spec):
        self._id = env_id
        self.spec = spec
        self.observation_space = _t.unknown("gymnasium.Env.observation_space")
        self.action_space = _t.unknown("gymnasium.Env.action_space")

    def __getattr__(self, name):
        return _t.unknown("gymnasium.Env." + name)

    def reset(self, *, seed=None, options=None):
        return _t.unknown("gymnasium.Env.reset()"), {}

    def step(self, action):
        return (_t.unknown("gymnasium.Env.step()"), _b.float(_t.unknown("reward")), _t.unknown("terminated"),
                _t.unknown("truncated"), {})


class _Registry:
    def __init__(self):
        self._specs = {}

    def keys(self):
        return _b.list(_ENVS.keys())

    def __contains__(self, key):
        return key in _ENVS or key in self._specs

    def __getitem__(self, key):
        return spec(key)

    def get(self, key, default=None):
        if key in self:
            return spec(key)
        return default

    def __iter__(self):
        return _b.iter(_b.list(_ENVS.keys()))

    def items(self):
        return [(k, spec(k)) for k in _ENVS.keys()]


registry = _Registry()


def register(id, entry_point=None, reward_threshold=None, nondeterministic=False, max_episode_steps=None,
             order_enforce=True, disable_env_checker=False, additional_wrappers=(), vector_entry_point=None,
             kwargs=None, **more):
    registry._specs[id] = EnvSpec(id, entry_point, reward_threshold, nondeterministic, max_episode_steps,
                                  order_enforce, disable_env_checker, kwargs)


def spec(env_id):
    if _t.is_str(env_id) and env_id in _ENVS:
        family, kwargs, steps, threshold = _ENVS[env_id]
        return EnvSpec(env_id, family, threshold, False, steps, True, False, _b.dict(kwargs))
    if _t.is_str(env_id) and env_id in registry._specs:
        return registry._specs[env_id]
    return _t.unknown("gymnasium.spec()")


def make(id, max_episode_steps=None, disable_env_checker=None, **kwargs):
    """make(id, **kwargs): the table's environment with the registration kwargs updated by the
    call's, behind TimeLimit (max_episode_steps of the call, else of the registration),
    OrderEnforcing and PassiveEnvChecker (modelled as one pass-through wrapper)."""
    env_id = id.id if _b.isinstance(id, EnvSpec) else id
    if not _t.is_str(env_id) or env_id not in _ENVS:
        s = registry._specs.get(env_id) if _t.is_str(env_id) else None
        if s is None:
            s = EnvSpec(env_id)
        return _UnknownEnv(env_id, s)
    family, reg_kwargs, steps, threshold = _ENVS[env_id]
    env_kwargs = _b.dict(reg_kwargs)
    for k, v in kwargs.items():
        env_kwargs[k] = v
    if max_episode_steps is not None:
        steps = max_episode_steps
    s = EnvSpec(env_id, family, threshold, False, steps, True, False, env_kwargs)
    return _Made(_TableEnv(env_id, family, env_kwargs, s))


class _Made(Wrapper):
    """TimeLimit(OrderEnforcing(PassiveEnvChecker(env))) as make() returns it: spaces and spec of
    the environment, reset and step passed through."""

    @property
    def spec(self):
        return self.env.spec

    @property
    def _max_episode_steps(self):
        return self.env.spec.max_episode_steps

    @property
    def _elapsed_steps(self):
        return _t.unknown("TimeLimit._elapsed_steps")
