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
        if (DataUrl.isWeb(url)) {
            return isPdf(url);
        }
        String type = DataUrl.mediaTypeOf(url).map(DataUrl::baseType).orElse("");
        return type.equals("application/pdf")
                || type.startsWith("text/") && text(DataUrl.parse(url).orElseThrow()) != null;
    }

    /**
     * The document block for {@code url}; null when it is neither a base64 data URL nor an http(s) URL, Anthropic
     * takes no such file ({@link #takes}), or it holds only blank text.
     */
    static ObjectNode of(String url) {
        if (!takes(url)) {
            return null;
        }
        if (DataUrl.isWeb(url)) {
            ObjectNode block = JsonNodeFactory.instance.objectNode().put("type", "document");
            block.putObject("source").put("type", "url").put("url", url);
            return block;
        }
        DataUrl data = DataUrl.parse(url).orElseThrow();
        if (data.baseType().equals("application/pdf")) {
            return block("base64", "application/pdf", data.base64());
        }
        String text = text(data);
        return text.isBlank() ? null : block("text", "text/plain", text);
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
