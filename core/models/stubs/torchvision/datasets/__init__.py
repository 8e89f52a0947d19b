# torchvision.datasets: each dataset produces (image, label) with the dataset's real image
# mode, size and length; downloads and files are not read.
import _tenscan as _t
from PIL import Image as _Image


class VisionDataset:
    _mode = "RGB"
    _size = (32, 32)
    _train_len = 50000
    _test_len = 10000

    def __init__(self, root=None, train=True, transform=None, target_transform=None, download=False, **kwargs):
        self.root = root
        self.train = train
        self.transform = transform
        self.target_transform = target_transform
        self.classes = [str(i) for i in range(10)]

    def __getitem__(self, index):
        img = _Image.Image(self._mode, self._size)
        target = 0
        if self.transform is not None:
            img = self.transform(img)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return img, target

    def __len__(self):
        return self._train_len if self.train else self._test_len


class MNIST(VisionDataset):
    _mode = "L"
    _size = (28, 28)
    _train_len = 60000
    _test_len = 10000


class FashionMNIST(MNIST):
    pass


class KMNIST(MNIST):
    pass


class EMNIST(MNIST):
    def __init__(self, root=None, split="balanced", **kwargs):
        MNIST.__init__(self, root, **kwargs)


class CIFAR10(VisionDataset):
    _mode = "RGB"
    _size = (32, 32)
    _train_len = 50000
    _test_len = 10000


class CIFAR100(CIFAR10):
    pass


class FakeData(VisionDataset):
    def __init__(self, size=1000, image_size=(3, 224, 224), num_classes=10, transform=None, target_transform=None,
                 random_offset=0):
        VisionDataset.__init__(self, None, True, transform, target_transform)
        self._n = size
        self._mode = "RGB" if image_size[0] == 3 else ("L" if image_size[0] == 1 else "RGBA")
        self._size = (image_size[2], image_size[1])

    def __len__(self):
        return self._n


class ImageFolder(VisionDataset):
    def __init__(self, root, transform=None, target_transform=None, loader=None, is_valid_file=None):
        VisionDataset.__init__(self, root, True, transform, target_transform)
        self._n = _t.symbol("len(ImageFolder)", 1)
        self._mode = "RGB"
        self._size = (_t.symbol("image width", 1), _t.symbol("image height", 1))

    def __len__(self):
        return self._n
