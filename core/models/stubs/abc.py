# abc, as CPython 3.11 has it: a class with abstract methods its subclasses have not all
# overridden cannot be instantiated (TypeError with CPython's message); abstractmethod marks
# a function by remembering it.

_abstract = []


def abstractmethod(funcobj):
    _abstract.append(funcobj)
    return funcobj


def _is_abstract(value):
    if isinstance(value, (staticmethod, classmethod, property)):
        return False
    for f in _abstract:
        if f is value:
            return True
    return False


class ABCMeta(type):
    def __call__(cls, *args, **kwargs):
        seen = []
        missing = []
        for klass in cls.__mro__:
            for name, value in klass.__dict__.items():
                if name in seen:
                    continue
                seen.append(name)
                if _is_abstract(value):
                    missing.append(name)
        if missing:
            missing = sorted(missing)
            raise TypeError("Can't instantiate abstract class " + cls.__name__ + " with abstract method" +
                            ("s " if len(missing) > 1 else " ") + ", ".join(missing))
        return super().__call__(*args, **kwargs)

    def register(cls, subclass):
        return subclass


class ABC(metaclass=ABCMeta):
    pass


def abstractproperty(fget):
    return property(fget)


abstractclassmethod = classmethod
abstractstaticmethod = staticmethod


def get_cache_token():
    return 0
