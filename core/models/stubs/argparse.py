# argparse, implemented in Python and interpreted by tenscan: the script's own parser reads
# the arguments given after `tenscan check SCRIPT --`, so defaults, type=, choices, actions,
# nargs, dest and abbreviations behave exactly as they would at run time.
import sys
import _tenscan

SUPPRESS = "==SUPPRESS=="


def _suppressed(value):
    """value is SUPPRESS: a string computed at run time (a default built with os.getcwd()) is
    not, where comparing it would split the path on an unknown answer."""
    return _tenscan.const_str(value) == SUPPRESS
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
REMAINDER = "..."


class Namespace:
    # every attribute the real class has (Python 3.11's dir(argparse.Namespace())): any other
    # is an option the parser did not define, and reading it is the program's AttributeError
    __tenscan_complete__ = (
        "__class__", "__contains__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__", "__format__",
        "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
        "__le__", "__lt__", "__module__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__",
        "__setattr__", "__sizeof__", "__str__", "__subclasshook__", "__weakref__", "_get_args", "_get_kwargs"
    )

    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __contains__(self, key):
        return hasattr(self, key)


class ArgumentError(Exception):
    pass


class HelpFormatter:
    def __init__(self, *args, **kwargs):
        pass


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    pass


class RawTextHelpFormatter(HelpFormatter):
    pass


class RawDescriptionHelpFormatter(HelpFormatter):
    pass


class _Action:
    def __init__(self, option_strings, dest, action="store", nargs=None, const=None, default=None,
                 type=None, choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.action = action
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar


class _Group:
    def __init__(self, parser):
        self._parser = parser

    def add_argument(self, *args, **kwargs):
        return self._parser.add_argument(*args, **kwargs)

    def add_argument_group(self, *args, **kwargs):
        return self

    def add_mutually_exclusive_group(self, **kwargs):
        return self


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=None,
                 formatter_class=None, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        self.prog = prog
        self.description = description
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self._actions = []
        self._defaults = {}
        self._allow_abbrev = allow_abbrev
        self._subparsers = None
        if parents:
            for p in parents:
                for a in p._actions:
                    self._actions.append(a)
                self._defaults.update(p._defaults)

    def add_argument(self, *names, **kwargs):
        action = kwargs.get("action", "store")
        if len(names) == 0 or not names[0].startswith("-"):
            dest = kwargs.get("dest", names[0] if names else "arg")
            option_strings = []
        else:
            option_strings = list(names)
            dest = kwargs.get("dest")
            if dest is None:
                long_names = [n for n in names if n.startswith("--")]
                base = long_names[0] if long_names else names[0]
                dest = base.lstrip("-").replace("-", "_")
        default = kwargs.get("default")
        if action == "store_true":
            default = kwargs.get("default", False)
        elif action == "store_false":
            default = kwargs.get("default", True)
        elif action == "count":
            default = kwargs.get("default")
        a = _Action(option_strings, dest, action, kwargs.get("nargs"), kwargs.get("const"), default,
                    kwargs.get("type"), kwargs.get("choices"), kwargs.get("required", False),
                    kwargs.get("help"), kwargs.get("metavar"))
        a._site = _tenscan.here()  # (where findings over a declared space point at the option)
        self._actions.append(a)
        return a

    def add_argument_group(self, *args, **kwargs):
        return _Group(self)

    def add_mutually_exclusive_group(self, **kwargs):
        return _Group(self)

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error("cannot have multiple subparser arguments")
        a = _SubParsersAction(kwargs.get("dest", SUPPRESS), kwargs.get("required", False), kwargs.get("help"),
                              kwargs.get("metavar"), kwargs.get("parser_class", ArgumentParser), kwargs.get("prog"))
        self._subparsers = a
        self._actions.append(a)
        return a

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest:
                return a.default
        return self._defaults.get(dest)

    def print_help(self, file=None):
        return None

    def print_usage(self, file=None):
        return None

    def format_help(self):
        return ""

    def error(self, message):
        raise SystemExit(2, "argument parsing failed: " + message)

    def exit(self, status=0, message=None):
        raise SystemExit(status, message or "")

    def _exact(self, token):
        for a in self._actions:
            if token in a.option_strings:
                return a
        return None

    def _option_tuples(self, token):
        # argparse's _get_option_tuples: (action, option string, explicit argument) for an
        # abbreviated long option (--lr for --lr-decay), or for a short option with something
        # attached (-e3 is -e 3; -vv is -v -v)
        result = []
        if token.startswith("--"):
            if not self._allow_abbrev:
                return result
            explicit = None
            prefix = token
            if "=" in token:
                parts = token.split("=")
                prefix = parts[0]
                explicit = "=".join(parts[1:])
            for a in self._actions:
                for s in a.option_strings:
                    if s.startswith(prefix) and a not in [r[0] for r in result]:
                        result.append((a, s, explicit))
            return result
        short = token[:2]
        for a in self._actions:
            for s in a.option_strings:
                if s == short:
                    result.append((a, s, token[2:]))
                elif self._allow_abbrev and s.startswith(token) and a not in [r[0] for r in result]:
                    result.append((a, s, None))
        return result

    def _has_negative_number_options(self):
        for a in self._actions:
            for s in a.option_strings:
                if _is_number(s):
                    return True
        return False

    def _parse_optional(self, token):
        # argparse's _parse_optional: (action or None, option string, explicit argument) for an
        # option, or None when the token is a value (a negative number, or text with a space)
        if not token.startswith("-") or len(token) == 1:
            return None
        a = self._exact(token)
        if a is not None:
            return (a, token, None)
        if "=" in token:
            parts = token.split("=")
            a = self._exact(parts[0])
            if a is not None:
                return (a, parts[0], "=".join(parts[1:]))
        matches = self._option_tuples(token)
        if len(matches) > 1:
            self.error("ambiguous option: " + token + " could match " + ", ".join([m[1] for m in matches]))
        if len(matches) == 1:
            return matches[0]
        if _is_number(token) and not self._has_negative_number_options():
            return None
        if " " in token:
            return None
        return (None, token, None)

    def _is_value(self, token):
        return self._parse_optional(token) is None

    def _find_option(self, token):
        found = self._parse_optional(token)
        return found[0] if found is not None else None

    def _apply_flag(self, ns, a):
        # the actions that take no argument
        if a.action == "store_true":
            setattr(ns, a.dest, True)
        elif a.action == "store_false":
            setattr(ns, a.dest, False)
        elif a.action == "store_const":
            setattr(ns, a.dest, a.const)
        elif a.action == "append_const":
            cur = getattr(ns, a.dest)
            cur = list(cur) if cur else []
            cur.append(a.const)
            setattr(ns, a.dest, cur)
        elif a.action == "count":
            cur = getattr(ns, a.dest)
            setattr(ns, a.dest, (cur or 0) + 1)
        else:  # help, version
            raise SystemExit(0, "")

    def _convert(self, a, value):
        if a.type is not None and isinstance(value, str):
            try:
                value = a.type(value)
            except (ValueError, TypeError):
                self.error("argument " + "/".join(a.option_strings or [a.dest]) + ": invalid value: '" + value + "'")
        if a.choices is not None and value not in a.choices:
            self.error("argument " + "/".join(a.option_strings or [a.dest]) + ": invalid choice: " + repr(value) + " (choose from " + ", ".join([repr(c) for c in a.choices]) + ")")
        return value

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: " + " ".join(extras))
        return ns

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _read_args_from_files(self, args):
        """`@args.txt` with fromfile_prefix_chars="@": the file's lines are arguments, in its
        place (CPython's _read_args_from_files). A file tenscan cannot read (absent, outside the
        project) makes the arguments unknown: None, and the options keep no known value."""
        out = []
        for arg in args:
            if not arg or arg[0] not in self.fromfile_prefix_chars:
                out.append(arg)
                continue
            text = _tenscan.read_text(arg[1:])
            if _tenscan.const_str(text) is None:
                return None
            lines = []
            for line in text.splitlines():
                lines.extend(self.convert_arg_line_to_args(line))
            more = self._read_args_from_files(lines)
            if more is None:
                return None
            out.extend(more)
        return out

    def _unknown_namespace(self, ns):
        for a in self._actions:
            if a.option_strings or a.action != "parsers":
                setattr(ns, a.dest, _tenscan.unknown("argparse option " + (a.option_strings or [a.dest])[-1] +
                                                     ", from a file tenscan did not read"))
        return ns, []

    def _space_value(self, a, domain):
        name = a.option_strings[-1] if a.option_strings else a.dest
        site = getattr(a, "_site", None)
        flag = a.action in ("store_true", "store_false")
        floating = a.type is float or (a.type is None and isinstance(a.default, float))
        if domain[0] == "range":
            lo, hi, step = domain[1], domain[2], domain[3]
            if floating:
                return _float_parts(name, float(lo), float(hi), site)
            if flag or not isinstance(lo, int) or not isinstance(hi, int):
                self.error("--space " + name + ": a range of " + ("floats" if not flag else "numbers") +
                           " for an option that is not a float option")
            return _tenscan.space_int(name, lo, hi, step, None, site)
        if domain[0] == "set":
            if flag:
                values = [_flag_value(name, t, self) for t in domain[1]]
            else:
                values = [self._convert(a, t) for t in domain[1]]
        elif a.choices is not None:
            values = list(a.choices)
        elif flag:
            values = [False, True]
        else:
            self.error("--space " + name + ": the option has no choices=; give its values (" + name + "=A,B or LOW..HIGH)")
        if all([isinstance(v, int) and not isinstance(v, bool) for v in values]):
            return _tenscan.space_int(name, 0, 0, 1, values, site)
        return _tenscan.one_of(name, values, site)

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = sys.argv[1:]
        args = list(args)
        ns = namespace if namespace is not None else Namespace()
        if self.fromfile_prefix_chars is not None:
            args = self._read_args_from_files(args)
            if args is None:
                return self._unknown_namespace(ns)
        seen = []
        for a in self._actions:
            if _suppressed(a.dest) or _suppressed(a.default):
                continue
            if a.default is not None and isinstance(a.default, str) and a.type is not None:
                setattr(ns, a.dest, self._convert(a, a.default))
            elif a.action == "append" and a.default is not None:
                setattr(ns, a.dest, list(a.default))
            elif not hasattr(ns, a.dest):
                setattr(ns, a.dest, a.default)
        for k, v in self._defaults.items():
            if not hasattr(ns, k) or getattr(ns, k) is None:
                setattr(ns, k, v)
        positionals = [a for a in self._actions if not a.option_strings]
        extras = []
        i = 0
        n = len(args)
        while i < n:
            token = args[i]
            if token == "--":
                extras.extend(args[i + 1:])
                break
            found = self._parse_optional(token)
            if found is not None:
                a, opt, explicit = found
                if a is None:
                    extras.append(args[i])
                    i += 1
                    continue
                i += 1
                while True:
                    seen.append(a)
                    if a.action in _FLAG_ACTIONS:
                        self._apply_flag(ns, a)
                        if explicit is None:
                            break
                        # -vv: the rest of a cluster of short flags, one character at a time
                        if opt.startswith("--") or explicit == "":
                            self.error("argument " + opt + ": ignored explicit argument '" + explicit + "'")
                        opt = opt[0] + explicit[0]
                        explicit = explicit[1:] if len(explicit) > 1 else None
                        a = self._exact(opt)
                        if a is None:
                            self.error("argument " + opt + ": ignored explicit argument '" + opt[1:] + (explicit or "") + "'")
                        continue
                    values = []
                    if explicit is not None:
                        if a.nargs is not None and a.nargs not in ("?", "*", "+", 1):
                            self.error("argument " + opt + ": ignored explicit argument '" + explicit + "'")
                        values = [explicit]
                    elif a.nargs is None or a.nargs == "?":
                        if i < n and self._is_value(args[i]):
                            values = [args[i]]
                            i += 1
                        elif a.nargs is None:
                            self.error("argument " + opt + ": expected one argument")
                    elif a.nargs == "*" or a.nargs == "+" or a.nargs == "...":
                        while i < n and (a.nargs == "..." or self._is_value(args[i])):
                            values.append(args[i])
                            i += 1
                        if a.nargs == "+" and not values:
                            self.error("argument " + opt + ": expected at least one argument")
                    else:
                        for _ in range(a.nargs):
                            if i >= n or not self._is_value(args[i]):
                                self.error("argument " + opt + ": expected " + str(a.nargs) + " arguments")
                            values.append(args[i])
                            i += 1
                    converted = [self._convert(a, v) for v in values]
                    if a.nargs is None:
                        result = converted[0]
                    elif a.nargs == "?":
                        result = converted[0] if converted else a.const
                    else:
                        result = converted
                    if a.action == "append":
                        cur = getattr(ns, a.dest)
                        cur = list(cur) if cur else []
                        cur.append(result)
                        result = cur
                    setattr(ns, a.dest, result)
                    break
                continue
            if positionals:
                a = positionals.pop(0)
                seen.append(a)
                if a.action == "parsers":
                    # the subcommand takes every remaining token; argparse has looked at each
                    # of them as one of this parser's options first (an ambiguous abbreviation
                    # of one fails even after the subcommand)
                    for t in args[i + 1:]:
                        if t == "--":
                            break
                        self._parse_optional(t)
                    extras.extend(a._invoke(self, ns, args[i:]))
                    break
                if a.nargs == "*" or a.nargs == "+":
                    values = []
                    while i < n and self._is_value(args[i]):
                        values.append(self._convert(a, args[i]))
                        i += 1
                    setattr(ns, a.dest, values)
                    continue
                setattr(ns, a.dest, self._convert(a, token))
            else:
                extras.append(token)
            i += 1
        for a in self._actions:
            # an option of the declared hyperparameter space (tenscan check --space) that the
            # arguments do not give takes every value of its domain; so does a positional
            # argument they do not give
            if a in seen or a.action not in _SPACE_ACTIONS:
                continue
            if (a.option_strings and a.nargs is None) or (not a.option_strings and a in positionals and a.nargs in (None, "?")):
                domain = _tenscan.space(a.option_strings, a.dest)
                if domain is not None:
                    setattr(ns, a.dest, self._space_value(a, domain))
                    seen.append(a)
                    if a in positionals:
                        positionals.remove(a)
        for a in self._actions:
            # under --symbolic-args an integer option left at its default is the user's input
            if a not in seen and a.option_strings and a.action == "store" and a.nargs is None and a.choices is None:
                v = getattr(ns, a.dest)
                if isinstance(v, int) and not isinstance(v, bool):
                    setattr(ns, a.dest, _tenscan.input_int(a.option_strings[-1], v))
        for a in self._actions:
            if a.required and a not in seen:
                self.error("the following arguments are required: " + "/".join(a.option_strings))
        for a in positionals:
            if a.action == "parsers":
                if a.required:
                    self.error("the following arguments are required: " + a._name())
            elif a.nargs not in ("?", "*"):
                self.error("the following arguments are required: " + a.dest)
        return ns, extras


def _float_parts(name, lo, hi, site):
    """A float option's interval in a declared space, cut at 0 and 1 where they lie in it: the
    bounds PyTorch's own checks compare hyperparameters with (lr >= 0, 0 <= p <= 1, betas < 1,
    lr == 0 does nothing). One path per part, so that a check that fails on a part names it
    ("fails for --lr = [-0.1, 0.0)"); an interval without 0 or 1 in it is one value."""
    cuts = [c for c in (0.0, 1.0) if lo <= c <= hi and lo < hi]
    if not cuts:
        return _tenscan.float_between(lo, hi)
    values, labels = [], []
    start, closed = lo, True
    for c in cuts:
        if start < c:
            values.append(_tenscan.float_part(start, c, not closed, True))
            labels.append(("[" if closed else "(") + repr(start) + ", " + repr(c) + ")")
        values.append(c)
        labels.append(repr(c))
        start, closed = c, False
    if start < hi:
        values.append(_tenscan.float_part(start, hi, not closed, False))
        labels.append(("[" if closed else "(") + repr(start) + ", " + repr(hi) + "]")
    return _tenscan.one_of(name, values, site, labels)


# the actions whose value a hyperparameter space can give
_SPACE_ACTIONS = ("store", "store_true", "store_false")


def _flag_value(name, token, parser):
    if token in ("True", "true", "1", "yes"):
        return True
    if token in ("False", "false", "0", "no"):
        return False
    parser.error("--space " + name + ": a flag's values are True and False, not '" + token + "'")


_FLAG_ACTIONS = ("store_true", "store_false", "store_const", "append_const", "count", "help", "version")


def _digits(s):
    return len(s) > 0 and s.isdigit()


def _is_number(token):
    # a number written as a command-line value: -1, -0.5, -.5, 1e-3, -1e-3 (but not -e, an option)
    body = token[1:] if token.startswith("-") else token
    mantissa = body
    if "e" in body or "E" in body:
        parts = body.replace("E", "e").split("e")
        if len(parts) != 2:
            return False
        mantissa = parts[0]
        exponent = parts[1]
        if exponent.startswith("+") or exponent.startswith("-"):
            exponent = exponent[1:]
        if not _digits(exponent):
            return False
    if "." in mantissa:
        parts = mantissa.split(".")
        if len(parts) != 2 or parts[0] + parts[1] == "":
            return False
        return (parts[0] == "" or _digits(parts[0])) and (parts[1] == "" or _digits(parts[1]))
    return _digits(mantissa)


class _SubParsersAction(_Action):
    """parser.add_subparsers(): a positional that names a subcommand, whose own parser reads
    every argument after it (`train --dataset x`); the subcommand's name goes to `dest`."""

    def __init__(self, dest, required, help, metavar, parser_class, prog):
        _Action.__init__(self, [], dest, "parsers", "A...", None, None, None, {}, required, help, metavar)
        self._parser_class = parser_class
        self._names = []

    def _name(self):
        if self.metavar is not None and not _suppressed(self.metavar):
            return self.metavar
        if self.dest is not None and not _suppressed(self.dest):
            return self.dest
        return "{" + ",".join(self._names) + "}"

    def add_parser(self, name, **kwargs):
        aliases = kwargs.pop("aliases", ())
        kwargs.pop("help", None)
        for n in [name] + list(aliases):
            if n in self.choices:
                raise ArgumentError("argument " + self._name() + ": conflicting subparser: " + n)
        parser = self._parser_class(**kwargs)
        for n in [name] + list(aliases):
            self.choices[n] = parser
            self._names.append(n)
        return parser

    def _invoke(self, parser, ns, values):
        # argparse's _SubParsersAction.__call__: the chosen parser reads the rest into a new
        # namespace whose every attribute is copied onto the main one; what it does not
        # recognise is the main parser's "unrecognized arguments"
        name = values[0]
        if name not in self.choices:
            parser.error("argument " + self._name() + ": invalid choice: " + repr(name) + " (choose from " +
                         ", ".join([repr(c) for c in self._names]) + ")")
        if not _suppressed(self.dest):
            setattr(ns, self.dest, name)
        sub_ns, sub_extras = self.choices[name].parse_known_args(values[1:], None)
        for k, v in vars(sub_ns).items():
            setattr(ns, k, v)
        return sub_extras
