# absl.app.run (and tf.app.run): parses the flags and calls main with the remaining arguments;
# main is the running script's own when not given, as TensorFlow 1's tf.app.run finds it.
import sys
import importlib
from absl import flags as _flags


def run(main=None, argv=None, **kwargs):
    args = _flags.FLAGS(sys.argv if argv is None else argv)
    if main is None:
        main = importlib.import_module("__main__").main
    result = main(args)
    sys.exit(result)


class UsageError(Exception):
    pass
