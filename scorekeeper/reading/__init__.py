"""Reading a photographed paper sheet back: the sheet found in the photo, its boxes cut, the
handwritten digits read by a small model, and the rules asked to settle what it is unsure of.

`digits.py` holds the digit model (its weights in digits.npz, trained by
scripts/train_digits.py) and the shaping every digit goes through. What the boxes hold, and
where, is the boxes file `scorekeeper sheet --boxes` writes from the sheet's own layout.

May import: rules.
Libraries: numpy, cv2, zxingcpp, PIL.
"""
