package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.DataUrl;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.Base64;
import java.util.Locale;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code file} part's data URL as a {@code document} block. Anthropic takes base64 documents only as PDFs, so a
 * PDF is sent as a base64 source, a text file of any {@code text/*} type (plain, CSV, Markdown, ...) as a plain text
 * source (its data decoded in the charset its media type names, UTF-8 by default), and any other file not at all. A
 * PDF given by http(s) URL ({@code .pdf} or no extension; as OpenRouter takes PDFs) is sent as a url source, which
 * Anthropic fetches itself; other files by URL are left out. The router passes over Anthropic endpoints for a
 * request with a file left out ({@link AnthropicMessages#lostPart}).
 */
final class AnthropicDocument {

    private AnthropicDocument() {
    }

    /**
     * Whether {@link #of} sends {@code url}, or it is a text file with only blank text (nothing lost by leaving it
     * out); found without copying the data of a PDF, though text is decoded to know it is valid.
     */
    static boolean takes(String url) {
        return switch (kind(url)) {
            case PDF_URL, PDF -> true;
            case TEXT -> text(DataUrl.parse(url).orElseThrow()) != null;
            case OTHER -> false;
        };
    }

    /**
     * The document block for {@code url}; null when it is neither a base64 data URL nor an http(s) URL, Anthropic
     * takes no such file ({@link #takes}), or it holds only blank text (or text not valid in its charset).
     */
    static ObjectNode of(String url) {
        switch (kind(url)) {
            case PDF_URL -> {
                ObjectNode block = JsonNodeFactory.instance.objectNode().put("type", "document");
                block.putObject("source").put("type", "url").put("url", url);
                return block;
            }
            case PDF -> {
                return block("base64", "application/pdf", DataUrl.parse(url).orElseThrow().base64());
            }
            case TEXT -> {
                String text = text(DataUrl.parse(url).orElseThrow());
                return text == null || text.isBlank() ? null : block("text", "text/plain", text);
            }
            default -> {
                return null;
            }
        }
    }

    /** What a file URL holds, as far as Anthropic's document blocks go, read from its type alone. */
    private enum Kind {
        PDF_URL, PDF, TEXT, OTHER
    }

    private static Kind kind(String url) {
        if (DataUrl.isWeb(url)) {
            return isPdf(url) ? Kind.PDF_URL : Kind.OTHER;
        }
        String type = DataUrl.mediaTypeOf(url).map(DataUrl::baseType).orElse("");
        return type.equals("application/pdf") ? Kind.PDF : type.startsWith("text/") ? Kind.TEXT : Kind.OTHER;
    }

    private static boolean isPdf(String url) {
        return DataUrl.guessFileType(url).filter("application/pdf"::equals).isPresent();
    }

    private static ObjectNode block(String sourceType, String mediaType, String data) {
        ObjectNode block = JsonNodeFactory.instance.objectNode().put("type", "document");
        block.putObject("source").put("type", sourceType).put("media_type", mediaType).put("data", data);
        return block;
    }

    /**
     * The text of {@code data} in the charset its media type names (UTF-8 when it names none); null when the charset
     * is unknown or the data is not valid base64 or text in it, rather than send garbled text.
     */
    private static String text(DataUrl data) {
        String charset = "utf-8";
        for (String parameter : data.mediaType().toLowerCase(Locale.ROOT).split(";")) {
            if (parameter.strip().startsWith("charset=")) {
                charset = parameter.strip().substring(8).replace("\"", "").strip();
            }
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(data.base64());
            return Charset.forName(charset).newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) { // unknown charset, bad base64 or text
            return null;
        }
    }
}
