# tf.keras.preprocessing.image: the keras stub's
from keras.preprocessing.image import ImageDataGenerator, load_img, img_to_array
