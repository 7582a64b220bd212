package dev.quintet.packages.resolve;

import dev.quintet.packages.resolve.Pep508Marker.All;
import dev.quintet.packages.resolve.Pep508Marker.Any;
import dev.quintet.packages.resolve.Pep508Marker.Comparison;
import dev.quintet.packages.resolve.Pep508Marker.Expression;
import dev.quintet.packages.resolve.Pep508Marker.Operand;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads PEP 508 marker text by recursive descent: an or of ands of comparisons or parenthesised markers. */
final class MarkerParser {

    private static final Pattern TOKEN = Pattern.compile(
            "\\s*(?:(\\()|(\\))|'([^']*)'|\"([^\"]*)\"|(===|==|!=|<=|>=|~=|<|>)|([A-Za-z_][A-Za-z0-9_.]*))");
    private static final Set<String> VARIABLES = Set.of("python_version", "python_full_version", "os_name",
            "sys_platform", "platform_release", "platform_system", "platform_version", "platform_machine",
            "platform_python_implementation", "implementation_name", "implementation_version", "extra", "os.name",
            "sys.platform", "platform.machine", "platform.python_implementation", "python_implementation",
            "platform.version");

    private record Token(String kind, String text) {
    }

    private final String text;
    private final List<Token> tokens;
    private int position;

    private MarkerParser(String text, List<Token> tokens) {
        this.text = text;
        this.tokens = tokens;
    }

    /** @throws IllegalArgumentException naming what in the marker is not PEP 508 */
    static Expression parse(String text) {
        MarkerParser parser = new MarkerParser(text, tokens(text));
        Expression e = parser.or();
        if (parser.position < parser.tokens.size()) {
            throw parser.error("unexpected '" + parser.tokens.get(parser.position).text() + "'");
        }
        return e;
    }

    private static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length() && !text.substring(at).isBlank()) {
            if (!m.find(at) || m.start() != at) {
                throw new IllegalArgumentException("marker '" + text + "' is not PEP 508 at '"
                        + text.substring(at).strip() + "'");
            }
            if (m.group(1) != null || m.group(2) != null) {
                out.add(new Token("paren", m.group(1) != null ? "(" : ")"));
            } else if (m.group(3) != null || m.group(4) != null) {
                out.add(new Token("string", m.group(3) != null ? m.group(3) : m.group(4)));
            } else if (m.group(5) != null) {
                out.add(new Token("operator", m.group(5)));
            } else {
                out.add(new Token("word", m.group(6)));
            }
            at = m.end();
        }
        return out;
    }

    private Expression or() {
        List<Expression> options = new ArrayList<>(List.of(and()));
        while (nextIs("word", "or")) {
            position++;
            options.add(and());
        }
        return options.size() == 1 ? options.getFirst() : new Any(options);
    }

    private Expression and() {
        List<Expression> parts = new ArrayList<>(List.of(atom()));
        while (nextIs("word", "and")) {
            position++;
            parts.add(atom());
        }
        return parts.size() == 1 ? parts.getFirst() : new All(parts);
    }

    private Expression atom() {
        if (nextIs("paren", "(")) {
            position++;
            Expression inner = or();
            if (!nextIs("paren", ")")) {
                throw error("a '(' is not closed");
            }
            position++;
            return inner;
        }
        Operand left = operand();
        String operator = operator();
        return new Comparison(left, operator, operand());
    }

    private Operand operand() {
        Token t = take("a variable or a quoted string");
        if (t.kind().equals("string")) {
            return new Operand(t.text(), false);
        }
        if (t.kind().equals("word") && VARIABLES.contains(t.text())) {
            return new Operand(t.text(), true);
        }
        throw error("'" + t.text() + "' is not a marker variable or a quoted string");
    }

    private String operator() {
        Token t = take("a comparison");
        if (t.kind().equals("operator") || t.kind().equals("word") && t.text().equals("in")) {
            return t.text();
        }
        if (t.kind().equals("word") && t.text().equals("not") && nextIs("word", "in")) {
            position++;
            return "not in";
        }
        throw error("'" + t.text() + "' is not a comparison");
    }

    private Token take(String what) {
        if (position >= tokens.size()) {
            throw error("it ends where " + what + " should follow");
        }
        return tokens.get(position++);
    }

    private boolean nextIs(String kind, String value) {
        return position < tokens.size() && tokens.get(position).kind().equals(kind)
                && tokens.get(position).text().equals(value);
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("marker '" + text + "' is not PEP 508: " + what);
    }
}
