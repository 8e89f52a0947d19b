# torchvision.transforms._presets.ImageClassification: what `weights.transforms()` returns.
# resize (shorter edge) -> center crop -> float tensor -> normalize with the ImageNet statistics
# (three channels: a one-channel image fails in normalize, as in torchvision).
from torchvision import transforms as _T


class ImageClassification:
    def __init__(self, crop_size, resize_size=256, mean=(0.485, 0.456, 0.406), std=(0.229, 0.224, 0.225),
                 interpolation=None, antialias=None):
        self.crop_size = [crop_size]
        self.resize_size = [resize_size]
        self.mean = list(mean)
        self.std = list(std)
        self._steps = _T.Compose([_T.Resize(resize_size), _T.CenterCrop(crop_size), _T.ToTensor(),
                                  _T.Normalize(self.mean, self.std)])

    def __call__(self, img):
        return self._steps(img)

    def forward(self, img):
        return self._steps(img)
