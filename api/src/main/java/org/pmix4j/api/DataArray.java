package org.pmix4j.api;

import java.util.List;
import java.util.Objects;

/**
 * PMIX_DATA_ARRAY: elements of one type. With element type {@link DataType#VALUE} the elements may be of
 * any type (each carries its own type on the wire); otherwise every element must be of the element type.
 *
 * @param elementType the type of every element, or {@link DataType#VALUE} for elements of any type
 * @param elements the elements
 */
public record DataArray(DataType elementType, List<Value> elements) implements Value {
    /** Copies the list and checks every element is of the element type. */
    public DataArray {
        Objects.requireNonNull(elementType, "elementType");
        elements = List.copyOf(elements);
        if (elementType != DataType.VALUE) {
            for (int i = 0; i < elements.size(); i++) {
                DataType t = elements.get(i).type();
                if (t != elementType) {
                    throw new IllegalArgumentException("element " + i + " of a " + elementType
                            + " array is a " + t);
                }
            }
        }
    }

    /**
     * An array of infos, the most common kind (job data, qualifiers, directives).
     *
     * @param infos the infos
     * @return the array
     */
    public static DataArray ofInfos(List<Info> infos) {
        return new DataArray(DataType.INFO, List.copyOf(infos));
    }

    @Override
    public DataType type() {
        return DataType.DATA_ARRAY;
    }

    /** {@return the number of elements} */
    public int size() {
        return elements.size();
    }

    /**
     * The elements as infos; throws when this is not an INFO array.
     *
     * @return the elements
     */
    @SuppressWarnings("unchecked")
    public List<Info> infos() {
        if (elementType != DataType.INFO) {
            throw new IllegalStateException("not an INFO array but a " + elementType + " array");
        }
        return (List<Info>) (List<?>) elements;
    }
}
