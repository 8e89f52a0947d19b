# configparser (Python 3.11) for the .ini/.cfg configurations a training script reads: files of
# the project are parsed here as CPython's ConfigParser parses them with its defaults (sections,
# `key = value` and `key: value`, full-line '#' and ';' comments, indented continuation lines,
# lower-cased keys, the DEFAULT section, BasicInterpolation's %(name)s), so their values decide
# shapes as literals do. A file tenscan cannot read (absent, outside the project) makes every
# value unknown, never an error.
import _tenscan as _t

DEFAULTSECT = "DEFAULT"
MAX_INTERPOLATION_DEPTH = 10


class Error(Exception):
    def __init__(self, msg=""):
        self.message = msg
        Exception.__init__(self, msg)


class NoSectionError(Error):
    def __init__(self, section):
        Error.__init__(self, "No section: " + repr(section))
        self.section = section


class DuplicateSectionError(Error):
    def __init__(self, section, source=None, lineno=None):
        Error.__init__(self, "Section " + repr(section) + " already exists")
        self.section = section


class DuplicateOptionError(Error):
    def __init__(self, section, option, source=None, lineno=None):
        Error.__init__(self, "Option " + repr(option) + " in section " + repr(section) + " already exists")
        self.section = section
        self.option = option


class NoOptionError(Error):
    def __init__(self, option, section):
        Error.__init__(self, "No option " + repr(option) + " in section: " + repr(section))
        self.option = option
        self.section = section


class InterpolationError(Error):
    pass


class InterpolationMissingOptionError(InterpolationError):
    pass


class InterpolationDepthError(InterpolationError):
    pass


class MissingSectionHeaderError(Error):
    def __init__(self, filename, lineno, line):
        Error.__init__(self, "File contains no section headers.\nfile: " + repr(filename) + ", line: " + str(lineno) +
                       "\n" + repr(line))


class ParsingError(Error):
    pass


class Interpolation:
    def before_get(self, parser, section, option, value, defaults):
        return value


class BasicInterpolation(Interpolation):
    def before_get(self, parser, section, option, value, defaults):
        return _interpolate(parser, section, option, value, 1)


class ExtendedInterpolation(Interpolation):
    pass


class _Unset:
    pass


_UNSET = _Unset()

BOOLEAN_STATES = {"1": True, "yes": True, "true": True, "on": True, "0": False, "no": False, "false": False,
                  "off": False}


def _interpolate(parser, section, option, value, depth):
    if "%" not in value:
        return value
    if depth > MAX_INTERPOLATION_DEPTH:
        raise InterpolationDepthError("Recursion limit exceeded in value substitution: option " + repr(option) +
                                      " in section " + repr(section))
    out = ""
    rest = value
    while rest:
        p = rest.find("%")
        if p < 0:
            out += rest
            break
        out += rest[:p]
        rest = rest[p:]
        if rest[1:2] == "%":
            out += "%"
            rest = rest[2:]
        elif rest[1:2] == "(":
            end = rest.find(")s")
            if end < 0:
                raise InterpolationError("bad interpolation variable reference " + repr(rest))
            name = parser.optionxform(rest[2:end])
            raw = parser._lookup(section, name)
            if raw is None:
                raise InterpolationMissingOptionError("Bad value substitution: option " + repr(option) +
                                                      " in section " + repr(section) + " contains an interpolation key " +
                                                      repr(name) + " which is not a valid option name.")
            out += _interpolate(parser, section, name, raw, depth + 1)
            rest = rest[end + 2:]
        else:
            raise InterpolationError("'%' must be followed by '%' or '(', found: " + repr(rest))
    return out


class RawConfigParser:
    def __init__(self, defaults=None, dict_type=dict, allow_no_value=False, *, delimiters=("=", ":"),
                 comment_prefixes=("#", ";"), inline_comment_prefixes=None, strict=True,
                 empty_lines_in_values=True, default_section=DEFAULTSECT, interpolation=_UNSET, converters=_UNSET):
        self._sections = {}
        self._defaults = {}
        self._unknown = False
        self._delimiters = tuple(delimiters)
        self._comment_prefixes = tuple(comment_prefixes or ())
        self._inline_comment_prefixes = tuple(inline_comment_prefixes or ())
        self._strict = strict
        self._allow_no_value = allow_no_value
        self.default_section = default_section
        self._interpolation = Interpolation() if interpolation is _UNSET or interpolation is None else interpolation
        if defaults:
            for k, v in defaults.items():
                self._defaults[self.optionxform(k)] = str(v)

    def optionxform(self, optionstr):
        return optionstr.lower()

    # ---- reading

    def read(self, filenames, encoding=None):
        if isinstance(filenames, str):
            filenames = [filenames]
        read_ok = []
        for name in filenames:
            text = _t.read_text(str(name))
            if _t.const_str(text) is None:
                # absent, outside the project, or unreadable: its sections are unknown
                self._unknown = True
                continue
            self._read_text(text, str(name))
            read_ok.append(name)
        return read_ok

    def read_file(self, f, source=None):
        text = f.read()
        if _t.const_str(text) is None:
            self._unknown = True
            return
        self._read_text(text, source or getattr(f, "name", "<???>"))

    def read_string(self, string, source="<string>"):
        if _t.const_str(string) is None:
            self._unknown = True
            return
        self._read_text(string, source)

    def read_dict(self, dictionary, source="<dict>"):
        for section, keys in dictionary.items():
            section = str(section)
            if section != self.default_section and section not in self._sections:
                self._sections[section] = {}
            for key, value in keys.items():
                self._store(section, self.optionxform(str(key)), None if value is None else str(value))

    def _store(self, section, key, value):
        if section == self.default_section:
            self._defaults[key] = value
        else:
            self._sections[section][key] = value

    def _read_text(self, text, source):
        section = None
        key = None
        indent = 0
        seen_sections = []
        seen_options = []
        lineno = 0
        for raw in text.splitlines():
            lineno += 1
            line = raw
            for prefix in self._inline_comment_prefixes:
                p = line.find(prefix)
                if p > 0 and line[p - 1].isspace():
                    line = line[:p]
            stripped = line.strip()
            if not stripped or stripped.startswith(self._comment_prefixes):
                if key is not None and not stripped:
                    # an empty line inside a value is kept; trailing ones are dropped at the end
                    values = self._values(section)
                    if values[key] is not None:
                        values[key] = values[key] + "\n"
                continue
            cur_indent = len(line) - len(line.lstrip())
            if key is not None and cur_indent > indent:
                values = self._values(section)
                if values[key] is not None:
                    values[key] = values[key].rstrip("\n") + "\n" + stripped if values[key] else stripped
                continue
            indent = cur_indent
            if stripped.startswith("[") and stripped.endswith("]"):
                name = stripped[1:-1]
                if self._strict and name in seen_sections:
                    raise DuplicateSectionError(name, source, lineno)
                seen_sections.append(name)
                section = name
                key = None
                if name != self.default_section and name not in self._sections:
                    self._sections[name] = {}
                continue
            if section is None:
                raise MissingSectionHeaderError(source, lineno, raw)
            cut = -1
            for d in self._delimiters:
                p = stripped.find(d)
                if p >= 0 and (cut < 0 or p < cut):
                    cut = p
                    delim = d
            if cut < 0:
                if not self._allow_no_value:
                    raise ParsingError("Source contains parsing errors: " + repr(source) + "\n\t[line " +
                                       str(lineno) + "]: " + repr(raw))
                name, value = stripped, None
            else:
                name, value = stripped[:cut].rstrip(), stripped[cut + len(delim):].strip()
            key = self.optionxform(name)
            if self._strict and (section, key) in seen_options:
                raise DuplicateOptionError(section, key, source, lineno)
            seen_options.append((section, key))
            self._store(section, key, value)
        for values in [self._defaults] + list(self._sections.values()):
            for k, v in values.items():
                if v is not None:
                    values[k] = v.rstrip("\n")

    def _values(self, section):
        return self._defaults if section == self.default_section else self._sections[section]

    # ---- looking up

    def _lookup(self, section, option):
        if section in self._sections and option in self._sections[section]:
            return self._sections[section][option]
        if option in self._defaults:
            return self._defaults[option]
        return None

    def _unknown_value(self, section, option):
        return _t.unknown("the option " + str(option) + " of [" + str(section) + "] in a configuration file tenscan did not read")

    def defaults(self):
        return self._defaults

    def sections(self):
        if self._unknown:
            return _t.unknown("the sections of a configuration file tenscan did not read")
        return list(self._sections.keys())

    def add_section(self, section):
        if section == self.default_section:
            raise ValueError("Invalid section name: " + repr(section))
        if section in self._sections:
            raise DuplicateSectionError(section)
        self._sections[section] = {}

    def has_section(self, section):
        if section in self._sections:
            return True
        return _t.unknown("whether a configuration file tenscan did not read has it") if self._unknown else False

    def has_option(self, section, option):
        option = self.optionxform(option)
        if self._lookup(section, option) is not None or (section in self._sections and option in self._sections[section]):
            return True
        return _t.unknown("whether a configuration file tenscan did not read has it") if self._unknown else False

    def options(self, section):
        if section not in self._sections:
            if self._unknown:
                return _t.unknown("the options of a configuration file tenscan did not read")
            raise NoSectionError(section)
        out = list(self._sections[section].keys())
        for k in self._defaults:
            if k not in out:
                out.append(k)
        return out

    def get(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        option = self.optionxform(option)
        if self._unknown:
            return self._unknown_value(section, option)
        if section not in self._sections and section != self.default_section:
            if fallback is _UNSET:
                raise NoSectionError(section)
            return fallback
        if vars and option in vars:
            return vars[option]
        value = self._lookup(section, option)
        if value is None and not (section in self._sections and option in self._sections[section]) and \
                option not in self._defaults:
            if fallback is _UNSET:
                raise NoOptionError(option, section)
            return fallback
        if raw or value is None:
            return value
        return self._interpolation.before_get(self, section, option, value, self._defaults)

    def _get_conv(self, section, option, conv, raw=False, vars=None, fallback=_UNSET):
        value = self.get(section, option, raw=raw, vars=vars, fallback=_UNSET if fallback is _UNSET else None)
        if value is None and fallback is not _UNSET:
            return fallback
        if _t.is_unknown(value):
            return self._unknown_value(section, option)
        return conv(value)

    def getint(self, section, option, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, int, raw, vars, fallback)

    def getfloat(self, section, option, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, float, raw, vars, fallback)

    def getboolean(self, section, option, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, self._convert_to_boolean, raw, vars, fallback)

    def _convert_to_boolean(self, value):
        if value.lower() not in BOOLEAN_STATES:
            raise ValueError("Not a boolean: " + value)
        return BOOLEAN_STATES[value.lower()]

    def items(self, section=_UNSET, raw=False, vars=None):
        if section is _UNSET:
            return [(self.default_section, self[self.default_section])] + [(s, self[s]) for s in self._sections]
        return [(k, self.get(section, k, raw=raw, vars=vars)) for k in self.options(section)]

    def set(self, section, option, value=None):
        if section != self.default_section and section not in self._sections:
            raise NoSectionError(section)
        self._store(section, self.optionxform(option), value)

    def remove_option(self, section, option):
        values = self._values(section)
        option = self.optionxform(option)
        if option in values:
            del values[option]
            return True
        return False

    def remove_section(self, section):
        if section in self._sections:
            del self._sections[section]
            return True
        return False

    def write(self, fp, space_around_delimiters=True):
        return None

    def __getitem__(self, key):
        if key != self.default_section and key not in self._sections:
            if self._unknown:
                return SectionProxy(self, key)
            raise KeyError(key)
        return SectionProxy(self, key)

    def __contains__(self, key):
        if key == self.default_section or key in self._sections:
            return True
        return _t.unknown("whether a configuration file tenscan did not read has it") if self._unknown else False

    def __iter__(self):
        return iter([self.default_section] + list(self._sections.keys()))

    def __len__(self):
        return len(self._sections) + 1


class ConfigParser(RawConfigParser):
    def __init__(self, defaults=None, dict_type=dict, allow_no_value=False, *, delimiters=("=", ":"),
                 comment_prefixes=("#", ";"), inline_comment_prefixes=None, strict=True,
                 empty_lines_in_values=True, default_section=DEFAULTSECT, interpolation=_UNSET, converters=_UNSET):
        RawConfigParser.__init__(self, defaults, dict_type, allow_no_value, delimiters=delimiters,
                                 comment_prefixes=comment_prefixes, inline_comment_prefixes=inline_comment_prefixes,
                                 strict=strict, empty_lines_in_values=empty_lines_in_values,
                                 default_section=default_section,
                                 interpolation=BasicInterpolation() if interpolation is _UNSET else interpolation)


SafeConfigParser = ConfigParser


class SectionProxy:
    def __init__(self, parser, name):
        self._parser = parser
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def parser(self):
        return self._parser

    def __getitem__(self, key):
        if self._parser._unknown:
            return self._parser._unknown_value(self._name, key)
        if not self._parser.has_option(self._name, key):
            raise KeyError(key)
        return self._parser.get(self._name, key)

    def __setitem__(self, key, value):
        self._parser.set(self._name, key, value)

    def __contains__(self, key):
        return self._parser.has_option(self._name, key)

    def __iter__(self):
        return iter(self._parser.options(self._name))

    def keys(self):
        return self._parser.options(self._name)

    def items(self):
        return [(k, self._parser.get(self._name, k)) for k in self._parser.options(self._name)]

    def get(self, option, fallback=None, *, raw=False, vars=None, _impl=None, **kwargs):
        return self._parser.get(self._name, option, raw=raw, vars=vars, fallback=fallback)

    def getint(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getint(self._name, option, raw=raw, vars=vars, fallback=fallback)

    def getfloat(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getfloat(self._name, option, raw=raw, vars=vars, fallback=fallback)

    def getboolean(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getboolean(self._name, option, raw=raw, vars=vars, fallback=fallback)
