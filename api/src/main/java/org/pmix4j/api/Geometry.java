package org.pmix4j.api;

import java.util.List;

/**
 * PMIX_GEOMETRY: where a fabric device sits: its fabric index, identity and coordinates.
 *
 * @param fabric      the index of the fabric the device is in
 * @param uuid        the device's unique identifier
 * @param osname      the device's name in the operating system
 * @param coordinates its coordinates, in one or more views
 */
public record Geometry(long fabric, String uuid, String osname, List<Coord> coordinates) implements Value {
    /** Copies the list. */
    public Geometry {
        coordinates = List.copyOf(coordinates);
    }

    @Override
    public DataType type() {
        return DataType.GEOMETRY;
    }
}
