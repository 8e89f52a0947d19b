# tf.compat.v1 (`import tensorflow.compat.v1 as tf`): TensorFlow's namespace with the 1.x graph API
# (placeholders, sessions, feed_dict; tensorflow/_v1.py)
from tensorflow import keras, nn, data, random, math, layers
from tensorflow._core import (
    Tensor, TensorShape, DType, float16, float32, float64, int8, int32, int64, uint8, bool, string,
    convert_to_tensor, constant, zeros, ones, zeros_like, ones_like, fill, cast, reshape, matmul,
    transpose, concat, stack, unstack, split, squeeze, expand_dims, tile, one_hot, reduce_sum,
    reduce_mean, reduce_max, reduce_min, reduce_prod, argmax, argmin, shape, rank, size, add,
    subtract, multiply, divide, pow, maximum, minimum, sqrt, exp, square, abs, range, Variable, identity,
    where, clip_by_value, GradientTape, function, print, equal, not_equal, less, less_equal, greater,
    greater_equal,
)
from tensorflow._v1 import (
    placeholder, placeholder_with_default, Session, InteractiveSession, Operation,
    global_variables_initializer, initialize_all_variables, local_variables_initializer,
    reset_default_graph, set_random_seed, get_variable, assign, variable_scope, name_scope, get_variable_scope, AUTO_REUSE, train, log, disable_v2_behavior,
    disable_eager_execution,
)
from tensorflow.random import truncated_normal, normal as random_normal, uniform as random_uniform
from tensorflow import image, sets, losses, app
from absl import flags
from tensorflow._control import while_loop, cond
from tensorflow._indexing import gather, gather_nd
from tensorflow.math import confusion_matrix
from tensorflow.image import random_crop
