# tf.keras.layers is keras.layers
from keras.layers import (
    Layer, InputLayer, Input, Dense, Conv1D, Conv2D, Conv3D, Convolution1D, Convolution2D,
    MaxPooling1D, MaxPooling2D, MaxPooling3D, AveragePooling1D, AveragePooling2D, MaxPool1D,
    MaxPool2D, AvgPool2D, GlobalAveragePooling1D, GlobalAveragePooling2D, GlobalMaxPooling1D,
    GlobalMaxPooling2D, Flatten, Reshape, Permute, RepeatVector, Dropout, SpatialDropout2D,
    Activation, ReLU, LeakyReLU, Softmax, BatchNormalization, LayerNormalization, MultiHeadAttention, Embedding,
    SimpleRNN, GRU, LSTM, Bidirectional, TimeDistributed, Add, Subtract, Multiply, Average, Maximum,
    Concatenate, add, concatenate, multiply, Convolution3D, Conv2DTranspose, Convolution2DTranspose,
    ZeroPadding1D, ZeroPadding2D, ZeroPadding3D, Cropping1D, Cropping2D, Cropping3D, UpSampling1D,
    UpSampling2D, UpSampling3D,
)
