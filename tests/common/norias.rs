//! English texts the translated and meaning-search tests share, written for them: a source on the
//! norias of Hama, which each test translates sentence by sentence into its own language, and a
//! text on irrigation pumps that none translates.

/// The source the tests' translations are made from.
pub const NORIAS_EN: &str =
    "The norias of Hama are a set of wooden water wheels on the Orontes River in western Syria. \
The oldest of them were built in the Middle Ages to lift water from the river into aqueducts. \
Each wheel is turned by the current alone and can reach a height of twenty meters. \
The water is carried in wooden boxes fixed to the rim and poured into a stone channel at the top. \
From there the aqueducts brought it to the gardens, the mosques and the public baths of the town. \
Seventeen of the wheels survive today, although none of them is used for irrigation any more. \
In the twentieth century modern pumps replaced them, and the wheels became a symbol of the city. \
Their groaning noise, caused by the friction of the wooden axle, can be heard far along the river.";

/// Pumps in irrigation: the same field as NORIAS_EN, none of its sentences.
pub const PUMPS_EN: &str =
    "Centrifugal pumps move water by converting the rotation of an impeller into pressure. \
They are the most common pumps in irrigation today because they are cheap and easy to maintain. \
A farmer chooses the size of the pump from the area of the field and the depth of the well. \
Diesel engines drive most of them where the electricity network does not reach the fields. \
Solar pumps have become popular in the last ten years, since panels cost far less than before.";
