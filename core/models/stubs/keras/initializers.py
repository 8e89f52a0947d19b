# keras.initializers: the weights' starting values, which no shape depends on. Called with a
# shape, an initializer makes a tensor of it whose values are unknown (training changes them).
import builtins as _b
import _tenscan as _t


class Initializer:
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, shape, dtype=None, **kwargs):
        return _t.same(_t.new(_b.tuple(shape), dtype if _b.isinstance(dtype, str) else "float32"))

    def get_config(self):
        return {}


class Zeros(Initializer):
    pass


class Ones(Initializer):
    pass


class Constant(Initializer):
    pass


class RandomNormal(Initializer):
    pass


class RandomUniform(Initializer):
    pass


class TruncatedNormal(Initializer):
    pass


class VarianceScaling(Initializer):
    pass


class GlorotNormal(Initializer):
    pass


class GlorotUniform(Initializer):
    pass


class HeNormal(Initializer):
    pass


class HeUniform(Initializer):
    pass


class LecunNormal(Initializer):
    pass


class LecunUniform(Initializer):
    pass


class Orthogonal(Initializer):
    pass


class Identity(Initializer):
    pass


# (the functional aliases Keras exports: he_normal() is HeNormal())
zeros, ones, constant = Zeros, Ones, Constant
random_normal, random_uniform, truncated_normal = RandomNormal, RandomUniform, TruncatedNormal
variance_scaling, orthogonal, identity = VarianceScaling, Orthogonal, Identity
glorot_normal, glorot_uniform, he_normal, he_uniform = GlorotNormal, GlorotUniform, HeNormal, HeUniform
lecun_normal, lecun_uniform = LecunNormal, LecunUniform


def get(identifier):
    return identifier
