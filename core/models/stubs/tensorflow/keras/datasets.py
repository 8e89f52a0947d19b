# tf.keras.datasets is keras.datasets
from keras.datasets import (
    mnist, fashion_mnist, cifar10, cifar100,
)
