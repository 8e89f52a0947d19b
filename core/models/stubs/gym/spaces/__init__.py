# gym.spaces: gymnasium's (core/models/stubs/gymnasium/spaces)
from gymnasium.spaces import Space, Box, Discrete, MultiDiscrete, MultiBinary, Tuple, Dict, Text, flatdim
