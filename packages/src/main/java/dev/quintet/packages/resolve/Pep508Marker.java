package dev.quintet.packages.resolve;

import dev.quintet.packages.versions.PypiVersions;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A PEP 508 environment marker ({@code python_version < "3.11" and (sys_platform == "linux" or extra == "socks")}):
 * {@code and}, {@code or}, parentheses, version comparisons by PEP 440 where both sides read as versions and by text
 * otherwise, {@code in} and {@code not in} as substring tests, {@code extra} compared by normalised name (PEP 685).
 */
final class Pep508Marker {

    private static final PypiVersions PYPI = new PypiVersions();

    /** A parsed marker: alternatives, conjunctions and comparisons. */
    sealed interface Expression permits Any, All, Comparison {
    }

    record Any(List<Expression> options) implements Expression {
    }

    record All(List<Expression> parts) implements Expression {
    }

    record Operand(String text, boolean variable) {
    }

    record Comparison(Operand left, String operator, Operand right) implements Expression {
    }

    private final String source;
    private final Expression expression;

    private Pep508Marker(String source, Expression expression) {
        this.source = source;
        this.expression = expression;
    }

    /** @throws IllegalArgumentException naming what in the marker is not PEP 508 */
    static Pep508Marker parse(String text) {
        return new Pep508Marker(text, MarkerParser.parse(text));
    }

    /** Whether the marker holds in the environment with no extra, or with any one of {@code extras}. */
    boolean holds(PythonEnvironment environment, Set<String> extras) {
        if (test(expression, environment, "")) {
            return true;
        }
        return extras.stream().anyMatch(extra -> test(expression, environment, extra));
    }

    @Override
    public String toString() {
        return source;
    }

    private static boolean test(Expression e, PythonEnvironment env, String extra) {
        return switch (e) {
            case Any any -> any.options().stream().anyMatch(o -> test(o, env, extra));
            case All all -> all.parts().stream().allMatch(p -> test(p, env, extra));
            case Comparison c -> compare(c, env, extra);
        };
    }

    private static boolean compare(Comparison c, PythonEnvironment env, String extra) {
        boolean names = isExtra(c.left()) || isExtra(c.right());
        String left = value(c.left(), env, extra, names);
        String right = value(c.right(), env, extra, names);
        return switch (c.operator()) {
            case "in" -> right.contains(left);
            case "not in" -> !right.contains(left);
            default -> versions(c.operator(), left, right);
        };
    }

    private static boolean versions(String operator, String left, String right) {
        try {
            return PYPI.requirement(operator + right, true).isSatisfiedBy(left);
        } catch (IllegalArgumentException notVersions) {
            int order = left.compareTo(right);
            return switch (operator) {
                case "==", "===" -> order == 0;
                case "!=" -> order != 0;
                case "<" -> order < 0;
                case "<=" -> order <= 0;
                case ">" -> order > 0;
                case ">=" -> order >= 0;
                default -> false;
            };
        }
    }

    private static boolean isExtra(Operand o) {
        return o.variable() && o.text().equals("extra");
    }

    private static String value(Operand o, PythonEnvironment env, String extra, boolean normalise) {
        String raw = !o.variable() ? o.text() : o.text().equals("extra") ? extra : env.value(o.text()).orElse("");
        return normalise ? raw.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-") : raw;
    }
}
