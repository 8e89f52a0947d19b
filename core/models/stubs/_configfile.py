# What json.loads, yaml.safe_load and tomllib.loads share: the values of a configuration file's
# text, as the library that reads its format gives them.
import _tenscan as _t


def parse(text, fmt, what, error):
    """The values of a text tenscan knows (a file of the project); an unknown named `what` for a
    text it does not; the library's `error` for a text that is not valid in the format."""
    parsed = _t.parse_data(text, fmt)
    if _t.is_unknown(parsed):
        return _t.unknown(what)
    ok, value = parsed
    if not ok:
        raise error(value)
    return value
