# keras.preprocessing: image data generators and sequence padding
from keras.preprocessing import image
from keras.preprocessing import sequence
