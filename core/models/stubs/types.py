# types: the classes of the objects Python makes without a class statement, as type() of one
# gives them in tenscan (a builtin function and a Python function are one class here, so
# isinstance(len, FunctionType) is True where CPython says False), and SimpleNamespace.
import builtins as _builtins


def _function():
    pass


def _generator():
    yield None


class _Class:
    def _method(self):
        pass


FunctionType = type(_function)
LambdaType = FunctionType
MethodType = type(_Class()._method)
BuiltinFunctionType = type(len)
BuiltinMethodType = BuiltinFunctionType
ModuleType = type(_builtins)
GeneratorType = type(_generator())
NoneType = type(None)
EllipsisType = type(...)


class SimpleNamespace:
    def __init__(self, **kwargs):
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __eq__(self, other):
        return isinstance(other, SimpleNamespace) and vars(self) == vars(other)

    def __repr__(self):
        items = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"namespace({items})"
