# torchvision.datasets (torchvision 0.14): each dataset produces (image, label) with the
# dataset's real image mode, size, class list and length; downloads and files are not read.
# A label is an int (collated to an int64 tensor); its value is not tracked.
import builtins as _b
import _tenscan as _t
from PIL import Image as _Image


class VisionDataset:
    _mode = "RGB"
    _size = (32, 32)  # (width, height)
    _train_len = 50000
    _test_len = 10000
    _classes = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]

    def __init__(self, root=None, train=True, transform=None, target_transform=None, download=False, **kwargs):
        self.root = root
        self.train = train
        self.transform = transform
        self.target_transform = target_transform
        self.classes = _b.list(self._classes)
        self.class_to_idx = {c: i for i, c in _b.enumerate(self.classes)}

    def _image(self, index):
        return _Image.Image(self._mode, self._size)

    def __getitem__(self, index):
        img = self._image(index)
        target = 0
        if self.transform is not None:
            img = self.transform(img)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return img, target

    def __len__(self):
        return self._train_len if self.train else self._test_len


class MNIST(VisionDataset):
    # data: uint8 [N, 28, 28]; __getitem__: Image.fromarray(img.numpy(), mode="L")
    _mode = "L"
    _size = (28, 28)
    _train_len = 60000
    _test_len = 10000
    _classes = ["0 - zero", "1 - one", "2 - two", "3 - three", "4 - four", "5 - five", "6 - six", "7 - seven",
                "8 - eight", "9 - nine"]

    def __init__(self, root=None, train=True, transform=None, target_transform=None, download=False):
        VisionDataset.__init__(self, root, train, transform, target_transform, download)
        n = self.__len__()
        self.data = _t.new((n, 28, 28), "uint8")
        self.targets = _t.new((n,), "int64")


class FashionMNIST(MNIST):
    _classes = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"]


class KMNIST(MNIST):
    _classes = ["o", "ki", "su", "tsu", "na", "ha", "ma", "ya", "re", "wo"]


_EMNIST_SPLITS = {"byclass": (62, 697932, 116323), "bymerge": (47, 697932, 116323), "balanced": (47, 112800, 18800),
                  "letters": (37, 124800, 20800), "digits": (10, 240000, 40000), "mnist": (10, 60000, 10000)}


class EMNIST(MNIST):
    def __init__(self, root=None, split="balanced", train=True, transform=None, target_transform=None, download=False):
        ok = _t.require(split in _EMNIST_SPLITS, "hparam/invalid-value", "EMNIST: Unknown value '", split,
                        "' for argument split. Valid values are {'byclass', 'bymerge', 'balanced', 'letters', ",
                        "'digits', 'mnist'}.")
        n, tr, te = _EMNIST_SPLITS[split] if ok else (47, 112800, 18800)
        self._train_len = tr
        self._test_len = te
        self._classes = [_b.str(i) for i in _b.range(n)]
        MNIST.__init__(self, root, train, transform, target_transform, download)


_CIFAR10_CLASSES = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


class CIFAR10(VisionDataset):
    # data: uint8 (N, 32, 32, 3) ndarray; __getitem__: Image.fromarray(img) -> "RGB"
    _mode = "RGB"
    _size = (32, 32)
    _train_len = 50000
    _test_len = 10000
    _classes = _CIFAR10_CLASSES

    def __init__(self, root=None, train=True, transform=None, target_transform=None, download=False):
        VisionDataset.__init__(self, root, train, transform, target_transform, download)
        self.data = _t.unknown("the CIFAR images (an (N, 32, 32, 3) uint8 array)")
        self.targets = _t.unknown("the CIFAR labels")


class CIFAR100(CIFAR10):
    _classes = [_b.str(i) for i in _b.range(100)]


class FakeData(VisionDataset):
    def __init__(self, size=1000, image_size=(3, 224, 224), num_classes=10, transform=None, target_transform=None,
                 random_offset=0):
        VisionDataset.__init__(self, None, True, transform, target_transform)
        self._n = size
        self._image_size = image_size
        self.classes = [_b.str(i) for i in _b.range(num_classes)]

    def _image(self, index):
        # img = transforms.ToPILImage()(torch.randn(*self.image_size))
        s = self._image_size
        ok = _t.require(_b.len(s) == 3, "shape/rank", "FakeData: pic should be 2/3 dimensional, image_size = ", s)
        if ok:
            ok = _t.require(s[0] <= 4, "shape/channels", "FakeData: pic should not have > 4 channels. Got ", s[0],
                            " channels.")
        if not ok:
            return _t.unknown("FakeData image")
        c = _t.const_int(s[0])
        if c is None:
            return _Image.Image(None, (s[2], s[1]), s[0])
        return _Image.Image(_Image._MODE_OF[c], (s[2], s[1]))

    def __len__(self):
        return self._n


def default_loader(path):
    # pil_loader: Image.open(f) then img.convert("RGB")
    return _Image.open(path).convert("RGB")


pil_loader = default_loader


class _FoundClasses:
    """The sorted class-folder names of a DatasetFolder: a list whose length is not known."""

    def __init__(self, owner):
        self._n = _t.symbol("len(" + owner + ".classes)", 1)
        self._owner = owner

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        return _t.unknown("a class folder of " + self._owner)

    def __iter__(self):
        return _b.iter(_t.unknown("the class folders of " + self._owner))


class DatasetFolder(VisionDataset):
    def __init__(self, root, loader=None, extensions=None, transform=None, target_transform=None, is_valid_file=None):
        VisionDataset.__init__(self, root, True, transform, target_transform)
        self.loader = loader
        self._n = _t.symbol("len(" + _b.type(self).__name__ + ")", 1)
        # class folders are found on disk: their number is the user's (an Input symbol)
        self.classes = _FoundClasses(_b.type(self).__name__)
        self.class_to_idx = _t.unknown("the class folders of " + _b.type(self).__name__)
        self.samples = _t.unknown("the files of " + _b.type(self).__name__)
        self.targets = _t.unknown("the labels of " + _b.type(self).__name__)

    def _image(self, index):
        path = _t.unknown("a file of " + _b.type(self).__name__)
        if self.loader is None:
            return default_loader(path)
        return self.loader(path)

    def __len__(self):
        return self._n


class ImageFolder(DatasetFolder):
    def __init__(self, root, transform=None, target_transform=None, loader=None, is_valid_file=None):
        DatasetFolder.__init__(self, root, loader, None, transform, target_transform, is_valid_file)
        self.imgs = self.samples
