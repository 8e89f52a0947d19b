# tf.keras.initializers is keras.initializers
from keras.initializers import (
    Initializer, Zeros, Ones, Constant, RandomNormal, RandomUniform, TruncatedNormal, VarianceScaling, GlorotNormal,
    GlorotUniform, HeNormal, HeUniform, LecunNormal, LecunUniform, Orthogonal, Identity, zeros, ones, constant,
    random_normal, random_uniform, truncated_normal, variance_scaling, orthogonal, identity, glorot_normal,
    glorot_uniform, he_normal, he_uniform, lecun_normal, lecun_uniform, get,
)
