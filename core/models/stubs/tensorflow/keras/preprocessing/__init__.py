# tf.keras.preprocessing: the keras stub's
from tensorflow.keras.preprocessing import image
from tensorflow.keras.preprocessing import sequence
