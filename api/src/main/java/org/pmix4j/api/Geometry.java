package org.pmix4j.api;

import java.util.List;

/** PMIX_GEOMETRY: where a fabric device sits: its fabric index, identity and coordinates. */
public record Geometry(long fabric, String uuid, String osname, List<Coord> coordinates) implements Value {
    public Geometry {
        coordinates = List.copyOf(coordinates);
    }

    @Override
    public DataType type() {
        return DataType.GEOMETRY;
    }
}
