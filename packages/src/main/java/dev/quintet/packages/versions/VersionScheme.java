package dev.quintet.packages.versions;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * How one ecosystem orders its version numbers and reads its dependency requirements. The order is total: numbers
 * the scheme cannot parse sort below every valid one, and among themselves by plain text.
 */
public interface VersionScheme extends Comparator<String> {

    @Override
    int compare(String left, String right);

    /** The items in this order by their numbers, oldest first. */
    default <T> List<T> sort(Collection<T> items, Function<T, String> number) {
        return items.stream().sorted(Comparator.comparing(number, this)).toList();
    }

    /** Whether the number is a pre-release (alpha, beta, rc, dev, snapshot...) and so never "latest stable". */
    boolean isPrerelease(String version);

    /** Whether two spellings name the same version ({@code 1.0} and {@code 1.0.0} in Maven or PyPI). */
    boolean isEquivalent(String left, String right);

    /** Whether the scheme can read the number at all. */
    boolean isValid(String version);

    /**
     * Reads a requirement such as {@code ^1.2}, {@code [1.0,2.0)} or {@code >=1.0,<2}.
     *
     * @throws IllegalArgumentException naming the rule the text breaks
     */
    VersionRequirement requirement(String text);
}
