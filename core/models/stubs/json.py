# json, as CPython 3.11 has it for the configurations a training script reads: load() and
# loads() of a text tenscan knows (a file of the project: builtins.open reads it) give its
# values, which then decide shapes as literals do; an unknown text gives an unknown value.
# Writing (dump, dumps) changes nothing tenscan follows.
import _configfile
import _tenscan as _t


class JSONDecodeError(ValueError):
    pass


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    if not isinstance(s, str) and not _t.is_unknown(s):
        raise TypeError("the JSON object must be str, bytes or bytearray, not " + type(s).__name__)
    value = _configfile.parse(s, "json", "json.loads()", JSONDecodeError)
    if object_hook is not None:
        value = _hook(value, object_hook)
    return value


def _hook(value, object_hook):
    if isinstance(value, dict):
        return object_hook({k: _hook(v, object_hook) for k, v in value.items()})
    if isinstance(value, list):
        return [_hook(v, object_hook) for v in value]
    return value


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
         object_pairs_hook=None, **kw):
    return loads(fp.read(), object_hook=object_hook)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    return _t.unknown_str()


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
         separators=None, default=None, sort_keys=False, **kw):
    return None
