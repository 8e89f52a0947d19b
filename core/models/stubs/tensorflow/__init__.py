# tensorflow: tf.Tensor over the same shape payload as torch's, TensorFlow's shape-changing ops
# with the checks (and the wording) of their kernels, tf.nn's losses, tf.data and tf.keras (the
# keras stub). Each op checks its operands in TensorFlow's words before the shared primitive
# computes the result, so a fault reads as TensorFlow reports it.
import builtins as _b
import _tenscan as _t
from tensorflow import keras
from tensorflow import nn
from tensorflow import data
from tensorflow import random
from tensorflow import math
from tensorflow._core import (Tensor, TensorShape, DType, float16, float32, float64, int8, int32, int64, uint8, bool,
                              string, convert_to_tensor, constant, zeros, ones, zeros_like, ones_like, fill, cast,
                              reshape, matmul, transpose, concat, stack, unstack, split, squeeze, expand_dims, tile,
                              one_hot, sequence_mask, reduce_sum, reduce_mean, reduce_max, reduce_min, reduce_prod,
                              argmax, argmin,
                              shape, rank, size, add, subtract, multiply, divide, pow, maximum, minimum, sqrt, exp, square,
                              abs, range, Variable, identity, where, clip_by_value, GradientTape, function, print,
                              equal, not_equal, less, less_equal, greater, greater_equal)

# the version the project declares (tenscan.json's "versions", a pin in its requirements), else
# unknown
__version__ = _t.library_version("tensorflow", True)
if __version__ is None:
    __version__ = _t.unknown("tensorflow.__version__")
VERSION = __version__  # (TensorFlow 1.x)

from tensorflow._v1 import (
    placeholder, placeholder_with_default, Session, InteractiveSession, Operation,
    global_variables_initializer, initialize_all_variables, local_variables_initializer,
    reset_default_graph, set_random_seed, get_variable, assign, variable_scope, name_scope, get_variable_scope, AUTO_REUSE, train, log, disable_v2_behavior,
    disable_eager_execution, graph_op as _graph_op,
)
# (a placeholder of unknown rank given to one is checked at the runs that feed it)
matmul, reshape = _graph_op(matmul), _graph_op(reshape)
from tensorflow import compat
from tensorflow import contrib  # (TensorFlow 1.x only)
from tensorflow import layers  # (TensorFlow 1.x only)
from tensorflow._control import while_loop, cond
from tensorflow._indexing import gather, gather_nd
from tensorflow import image
from tensorflow import sets
from tensorflow import losses  # (TensorFlow 1.x's tf.losses)
from tensorflow import app  # (TensorFlow 1.x)
from absl import flags  # (TensorFlow 1.x's tf.flags)
from tensorflow.math import confusion_matrix  # (TensorFlow 1.x's tf.confusion_matrix)
from tensorflow.image import random_crop  # (TensorFlow 1.x's tf.random_crop)
from tensorflow.random import truncated_normal, normal as random_normal, uniform as random_uniform
# (TensorFlow 1.x's initializer classes, which get_variable calls with the variable's shape)
from keras.initializers import (  # noqa: F401
    Zeros as zeros_initializer, Ones as ones_initializer, Constant as constant_initializer,
    RandomNormal as random_normal_initializer, RandomUniform as random_uniform_initializer,
    TruncatedNormal as truncated_normal_initializer, VarianceScaling as variance_scaling_initializer,
    GlorotNormal as glorot_normal_initializer, GlorotUniform as glorot_uniform_initializer,
    Orthogonal as orthogonal_initializer,
)

newaxis = None
