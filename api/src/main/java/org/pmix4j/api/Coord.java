package org.pmix4j.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * PMIX_COORD: a position in a fabric, in the logical (1) or physical (2) view; coordinates are unsigned
 * 32-bit numbers. The array is not copied.
 *
 * @param view   {@link #LOGICAL_VIEW}, {@link #PHYSICAL_VIEW} or {@link #VIEW_UNDEF}
 * @param coords the coordinates, one per dimension
 */
public record Coord(int view, int[] coords) implements Value {
    /** The view is not said. */
    public static final int VIEW_UNDEF = 0;
    /** Coordinates in the fabric's logical layout. */
    public static final int LOGICAL_VIEW = 1;
    /** Coordinates in the fabric's physical layout. */
    public static final int PHYSICAL_VIEW = 2;

    /** Checks the view fits the wire's byte and the array is there. */
    public Coord {
        Value.checkUnsigned(view, 0xff, "coordinate view");
        Objects.requireNonNull(coords, "coords");
    }

    @Override
    public DataType type() {
        return DataType.COORD;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Coord c && c.view == view && Arrays.equals(c.coords, coords);
    }

    @Override
    public int hashCode() {
        return 31 * view + Arrays.hashCode(coords);
    }

    @Override
    public String toString() {
        return "Coord[view=" + view + ", " + Arrays.toString(coords) + "]";
    }
}
