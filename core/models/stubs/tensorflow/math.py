# tf.math: the ops of tensorflow/_core.py under their tf.math names
from tensorflow._core import (add, subtract, multiply, divide, maximum, minimum, sqrt, exp, square, abs, reduce_sum,
                              reduce_mean, reduce_max, reduce_min, reduce_prod, argmax, argmin)
from tensorflow._core import exp as log
from tensorflow._core import exp as sigmoid
from tensorflow._core import exp as tanh
