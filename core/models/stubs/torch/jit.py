# torch.jit: tenscan analyses eager PyTorch, where a script is neither being compiled nor traced:
# is_scripting() and is_tracing() are False, the decorators return what they decorate, and
# script()/trace() give back the module or function (a ScriptModule computes what its module does).
import builtins as _b


def is_scripting():
    return False


def is_tracing():
    return False


def _identity(obj):
    return obj


unused = _identity
export = _identity
_script_if_tracing = _identity


def ignore(drop=False, **kwargs):
    # @torch.jit.ignore and @torch.jit.ignore(drop=True)
    if _b.callable(drop):
        return drop
    return _identity


def script(obj, optimize=None, _frames_up=0, _rcb=None, example_inputs=None):
    return obj


def trace(func, example_inputs=None, *args, **kwargs):
    return func


def annotate(the_type, the_value):
    return the_value


class Final:
    pass


class Attribute:
    def __new__(cls, value, type=None):
        return value
