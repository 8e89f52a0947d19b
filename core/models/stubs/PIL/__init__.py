# PIL (Pillow): images carry a mode and a size; see PIL/Image.py.
