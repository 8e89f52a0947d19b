# importlib.machinery: the finders a program asks for a file of a module. A compiled extension
# (torchvision's `_C`, found by a FileFinder of ExtensionFileLoader) is never found: tenscan
# analyses the Python source without its native code, as it analyses it on a machine without
# CUDA (torch.cuda.is_available() is False), and the program goes on as it does where the
# extension is not built. Whether a Python source is found is not known.
import _tenscan as _t

SOURCE_SUFFIXES = [".py"]
BYTECODE_SUFFIXES = [".pyc"]
EXTENSION_SUFFIXES = [".cpython-311-x86_64-linux-gnu.so", ".abi3.so", ".so"]


def all_suffixes():
    return SOURCE_SUFFIXES + BYTECODE_SUFFIXES + EXTENSION_SUFFIXES


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.parent = name.rpartition(".")[0]
        self.has_location = origin is not None


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path


class SourcelessFileLoader(SourceFileLoader):
    pass


class ExtensionFileLoader:
    def __init__(self, name, path):
        self.name = name
        self.path = path


class FileFinder:
    def __init__(self, path, *loader_details):
        self.path = path
        self._loaders = [details[0] for details in loader_details]

    def find_spec(self, fullname, target=None):
        for loader in self._loaders:
            if loader is not ExtensionFileLoader:
                return _t.unknown("FileFinder.find_spec()")
        return None

    def invalidate_caches(self):
        return None
