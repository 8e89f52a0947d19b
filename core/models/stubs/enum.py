# enum, as CPython 3.11 has it (Lib/enum.py): the class statement turns the body's plain
# attributes into members (instances of the class, in definition order, equal values becoming
# aliases of the first), auto() numbers them, and the class looks members up by value
# (Mode(16)) and by name (Mode["SMALL"]), iterates and counts them, with CPython's errors.
# IntEnum and StrEnum members are instances too, carrying their value as int and str subclass
# instances do in tenscan (operators, comparisons and library calls use it). Not modelled: Flag and IntFlag's bitwise composition of members.


class auto:
    def __init__(self, value=None):
        self.value = value


def _is_dunder(name):
    return len(name) > 4 and name[:2] == "__" and name[-2:] == "__"


def _is_sunder(name):
    return len(name) > 2 and name[0] == "_" and name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_member(name, value):
    if _is_dunder(name) or _is_sunder(name) or name.startswith("_"):
        return False
    if isinstance(value, (staticmethod, classmethod, property)):
        return False
    if callable(value) and not isinstance(value, type) and not isinstance(value, auto):
        return False
    return True


class EnumType(type):
    def __new__(metacls, cls, bases, classdict, **kwds):
        enum_class = super().__new__(metacls, cls, bases, classdict)
        names = [k for k, v in classdict.items() if _is_member(k, v)]
        if names:
            for base in bases:
                if getattr(base, "_member_names_", []):
                    raise TypeError(cls + ": cannot extend " + repr(base))
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        last_values = []
        for name in names:
            value = classdict[name]
            if isinstance(value, auto):
                if value.value is None:
                    value = enum_class._generate_next_value_(name, 1, len(enum_class._member_names_), last_values)
                else:
                    value = value.value
            last_values.append(value)
            alias = None
            for existing in enum_class._member_map_.values():
                # (CPython finds a hashable value in _value2member_map_, a dict lookup that
                # takes a value as equal to itself: DEFAULT = IMAGENET1K_V1 is an alias even when
                # the value's own == cannot be decided)
                if existing._value_ is value or existing._value_ == value:
                    alias = existing
            if alias is not None:
                setattr(enum_class, name, alias)
                enum_class._member_map_[name] = alias
                continue
            member = object.__new__(enum_class)
            member._name_ = name
            member._value_ = value
            if isinstance(member, (int, str, float)):
                setattr(member, "__tenscan_value__", value)
            if isinstance(value, tuple):
                member.__init__(*value)
            else:
                member.__init__(value)
            setattr(enum_class, name, member)
            enum_class._member_names_.append(name)
            enum_class._member_map_[name] = member
        return enum_class

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is not None:
            return cls._create_(value, names, start)
        if isinstance(value, cls):
            return value
        for member in cls._member_map_.values():
            if member._value_ == value:
                return member
        found = cls._missing_(value)
        if isinstance(found, cls):
            return found
        raise ValueError(repr(value) + " is not a valid " + cls.__qualname__)

    def _create_(cls, class_name, names, start):
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        pairs = []
        count = 0
        for item in names:
            if isinstance(item, str):
                pairs.append((item, start + count))
            else:
                pairs.append((item[0], item[1]))
            count += 1
        if isinstance(names, dict):
            pairs = list(names.items())
        body = {"__module__": None, "__qualname__": class_name}
        for name, value in pairs:
            body[name] = value
        return EnumType.__new__(EnumType, class_name, (cls,), body)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return iter([cls._member_map_[name] for name in cls._member_names_])

    def __reversed__(cls):
        return iter([cls._member_map_[name] for name in reversed(cls._member_names_)])

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '" + type(member).__qualname__ + "' and '" +
                            type(cls).__qualname__ + "'")
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __bool__(cls):
        return True

    @property
    def __members__(cls):
        return dict(cls._member_map_)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        return last_values[-1] + 1

    @classmethod
    def _missing_(cls, value):
        return None

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return "<" + type(self).__name__ + "." + self._name_ + ": " + repr(self._value_) + ">"

    def __str__(self):
        return type(self).__name__ + "." + self._name_

    def __format__(self, format_spec):
        return str(self)

    def __hash__(self):
        return hash(self._name_)


class ReprEnum(Enum):
    # str() and format() of the value, as int and str mixins give
    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


# An IntEnum or StrEnum member is an int or str subclass instance: it carries its value
# (setattr of __tenscan_value__ in EnumType.__new__), and tenscan's operators, comparisons,
# numeric builtins and library models use that value, as CPython's int and str methods do.
class IntEnum(int, ReprEnum):
    pass


class StrEnum(str, ReprEnum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class Flag(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        high = 1
        while high <= last_values[-1]:
            high = high * 2
        return high


class IntFlag(int, Flag):
    pass


def unique(enumeration):
    duplicates = [name for name, member in enumeration.__members__.items() if name != member.name]
    if duplicates:
        raise ValueError("duplicate values found in " + repr(enumeration) + ": " +
                         ", ".join(name + " -> " + enumeration.__members__[name].name for name in duplicates))
    return enumeration
