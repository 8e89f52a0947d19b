# gym.wrappers (0.26 names): gymnasium's (core/models/stubs/gymnasium/wrappers)
from gymnasium.wrappers import (TimeLimit, RecordEpisodeStatistics, OrderEnforcing, PassiveEnvChecker,
                                AutoResetWrapper, RecordVideo, HumanRendering, RenderCollection, ClipAction,
                                RescaleAction, NormalizeReward, NormalizeObservation, TransformReward,
                                TransformObservation, FlattenObservation, FrameStack, GrayScaleObservation,
                                ResizeObservation, TimeAwareObservation, AtariPreprocessing, StepAPICompatibility)
