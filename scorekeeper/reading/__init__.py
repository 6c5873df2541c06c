"""Reading a photographed paper sheet back: the sheet found in the photo, its boxes cut, the
handwritten digits read by a small model, and the rules asked to settle what it is unsure of.

`photo.py` opens the photo (its size checked first), finds the four corner marks and draws
the page square-on; `cells.py` cuts each box and splits its ink into characters; `digits.py`
holds the digit model (its weights in digits.npz, trained by scripts/train_digits.py) and the
shaping every digit goes through; `settle.py` weighs each row's readings with the rules and
makes every box still in doubt a question (`questions.py`: what a reading answers), checking
each side's score and running total written beside the row (`written.py`). What the boxes
hold, and where, is the boxes file `scorekeeper sheet --boxes` writes from the sheet's own
layout; `qr.py` reads the sheet's QR code in the photo, so a photo alone names the sheet
whose boxes file it is read by.

May import: rules.
Libraries: numpy, cv2, PIL, zxingcpp.
"""
