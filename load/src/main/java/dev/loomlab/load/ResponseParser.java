package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The generator's HTTP/1.x response parser: reads one answer at a time from a connection's bytes, however
 * they are split, and allocates nothing once its line buffer has grown to the longest line seen. It keeps what
 * a load run needs — the status, whether the connection stays open, the serving-thread header
 * ({@link ServingThread#HEADER}) and whether the body is the expected one — and skips everything else.
 * <p>
 * The body's length follows RFC 9112 §6.3: none for 1xx, 204 and 304; de-chunked with
 * {@code Transfer-Encoding: chunked} (extensions and trailers skipped); read until the server closes with
 * another transfer coding or with neither that nor a {@code Content-Length}; else {@code Content-Length} bytes.
 * Interim answers (1xx but 101) are skipped. HTTP/1.1 stays open unless {@code Connection: close}; HTTP/1.0
 * only with {@code Connection: keep-alive} and a known length. Lines may end in CRLF or a bare LF; header
 * names are matched ignoring case, the serving thread's value exactly (as the servers write it).
 * Anything else — no {@code HTTP/1.x NNN} status line, a header line without a colon or name, a bad or
 * conflicting {@code Content-Length}, a bad chunk size or chunk end, a line over {@value #MAX_LINE} bytes or
 * a head over {@value #MAX_HEAD} — is {@link #MALFORMED}.
 * <p>
 * Used by one connection, on its event loop; {@link #reset} before each request. Bytes in a heap buffer are
 * read in place; others are copied first.
 */
final class ResponseParser {
    /** {@link #parse}: the answer is not complete; every readable byte was consumed. */
    static final int MORE = 0;
    /** {@link #parse}: one answer is complete; the bytes after it are left unread. */
    static final int DONE = 1;
    /** {@link #parse}: not an HTTP/1.x answer this parser accepts; the connection's bytes can no longer be trusted. */
    static final int MALFORMED = 2;

    /** The longest status, header, chunk-size or trailer line, bytes. */
    static final int MAX_LINE = 8192;
    /** The longest head (status line and headers, or a chunked body's trailers), bytes. */
    static final int MAX_HEAD = 65536;

    private static final int STATUS_LINE = 0;
    private static final int HEADERS = 1;
    private static final int BODY_LENGTH = 2;
    private static final int BODY_TO_CLOSE = 3;
    private static final int CHUNK_SIZE = 4;
    private static final int CHUNK_DATA = 5;
    private static final int CHUNK_END = 6;
    private static final int TRAILERS = 7;
    private static final int COMPLETE = 8;
    private static final int BROKEN = 9;

    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");
    private static final byte[] SERVED_BY = ascii(ServingThread.HEADER.toLowerCase(Locale.ROOT));
    private static final byte[] CHUNKED = ascii("chunked");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive");
    private static final byte[][] KINDS;

    static {
        ServingThread[] kinds = ServingThread.values();
        KINDS = new byte[kinds.length][];
        for (ServingThread t : kinds) {
            KINDS[t.ordinal()] = ascii(t.header());
        }
    }

    private final byte[] expect;
    /** A line split between reads, gathered (without its line end); grown up to {@link #MAX_LINE} as needed. */
    private byte[] split = new byte[128];
    private int splitLength;
    /** The bytes of a buffer without an array, copied to be read (grown to the largest read). */
    private byte[] copy = new byte[0];
    /** Where {@link #parse(byte[], int, int)} stopped. */
    private int position;
    private int headBytes;
    private int state;

    private int status;
    private boolean http10;
    private boolean closeToken;
    private boolean keepAliveToken;
    private long contentLength;
    private boolean transferCoded;
    private boolean chunked;
    private int servedBy;
    /** Bytes of the body (or of the current chunk) still to come. */
    private long remaining;
    private long bodyBytes;
    private boolean bodyOk;
    private boolean keepAlive;

    /** @param expect the body a good answer carries (compared as it comes), or null to accept any */
    ResponseParser(byte[] expect) {
        this.expect = expect;
        reset();
    }

    /** Makes ready for the next answer. */
    void reset() {
        state = STATUS_LINE;
        splitLength = 0;
        headBytes = 0;
        startResponse();
    }

    private void startResponse() {
        status = 0;
        http10 = false;
        closeToken = false;
        keepAliveToken = false;
        contentLength = -1;
        transferCoded = false;
        chunked = false;
        servedBy = LoopStats.UNNAMED;
        remaining = 0;
        bodyBytes = 0;
        bodyOk = true;
        keepAlive = false;
    }

    /**
     * Reads from {@code in} up to the end of the answer: {@link #DONE} with the reader index just after it,
     * {@link #MORE} with everything consumed, or {@link #MALFORMED}.
     */
    int parse(ByteBuf in) {
        int from = in.readerIndex();
        int n = in.readableBytes();
        int result;
        if (in.hasArray()) {
            int base = in.arrayOffset();
            result = parse(in.array(), base + from, base + from + n);
            in.readerIndex(position - base);
        } else {
            if (copy.length < n) {
                copy = new byte[Math.max(n, 2 * copy.length)];
            }
            in.getBytes(from, copy, 0, n);
            result = parse(copy, 0, n);
            in.readerIndex(from + position);
        }
        return result;
    }

    /** As {@link #parse(ByteBuf)} over {@code b[from, to)}; {@link #position} is where it stopped. */
    private int parse(byte[] b, int from, int to) {
        int at = from;
        while (true) {
            switch (state) {
                case STATUS_LINE, HEADERS, TRAILERS, CHUNK_SIZE, CHUNK_END -> {
                    int lf = at;
                    while (lf < to && b[lf] != '\n') {
                        lf++;
                    }
                    boolean counted = state != CHUNK_SIZE && state != CHUNK_END;
                    if (counted) {
                        headBytes += lf - at + (lf < to ? 1 : 0);
                    }
                    if (counted && headBytes > MAX_HEAD || splitLength + lf - at > MAX_LINE) {
                        return stop(to, broken());
                    }
                    if (lf == to) {
                        gather(b, at, to);
                        return stop(to, MORE);
                    }
                    boolean whole;
                    if (splitLength == 0) {
                        whole = line(b, at, lf > at && b[lf - 1] == '\r' ? lf - 1 : lf);
                    } else {
                        gather(b, at, lf);
                        int end = split[splitLength - 1] == '\r' ? splitLength - 1 : splitLength;
                        splitLength = 0;
                        whole = line(split, 0, end);
                    }
                    at = lf + 1;
                    if (!whole) {
                        return stop(at, broken());
                    }
                }
                case BODY_LENGTH, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, to - at);
                    if (n == 0) {
                        return stop(at, MORE);
                    }
                    body(b, at, n);
                    at += n;
                    remaining -= n;
                    if (remaining == 0) {
                        state = state == BODY_LENGTH ? COMPLETE : CHUNK_END;
                    }
                }
                case BODY_TO_CLOSE -> {
                    body(b, at, to - at);
                    return stop(to, MORE);
                }
                case COMPLETE -> {
                    return stop(at, DONE);
                }
                default -> {
                    return stop(at, MALFORMED);
                }
            }
        }
    }

    private int stop(int at, int result) {
        position = at;
        return result;
    }

    /**
     * The server closed the connection: true when that ends the answer (its body runs to the close); false when
     * the answer was cut short.
     */
    boolean completesAtClose() {
        if (state == BODY_TO_CLOSE) {
            state = COMPLETE;
            return true;
        }
        return state == COMPLETE;
    }

    /** The final answer's status code (0 before its status line). */
    int status() {
        return status;
    }

    /** Whether the connection may carry the next request after this answer. */
    boolean keepAlive() {
        return keepAlive;
    }

    /** The {@link ServingThread} ordinal the answer named, or {@link LoopStats#UNNAMED}. */
    int servedBy() {
        return servedBy;
    }

    /** True when no body was expected, or the body was exactly the expected one. */
    boolean bodyMatches() {
        return expect == null || bodyOk && bodyBytes == expect.length;
    }

    /** Body bytes read so far (de-chunked). */
    long bodyBytes() {
        return bodyBytes;
    }

    private int broken() {
        state = BROKEN;
        return MALFORMED;
    }

    private void gather(byte[] b, int from, int to) {
        int n = to - from;
        if (splitLength + n > split.length) {
            split = Arrays.copyOf(split, Math.min(MAX_LINE + 1, Math.max(splitLength + n, 2 * split.length)));
        }
        System.arraycopy(b, from, split, splitLength, n);
        splitLength += n;
    }

    /** Takes the line {@code l[from, to)} (without its line end); false when it is malformed. */
    private boolean line(byte[] l, int from, int to) {
        switch (state) {
            case STATUS_LINE -> {
                // an empty line before the status line is tolerated (RFC 9112 §2.2)
                return from == to || statusLine(l, from, to);
            }
            case HEADERS -> {
                return from == to ? endOfHead() : header(l, from, to);
            }
            case CHUNK_SIZE -> {
                return chunkSize(l, from, to);
            }
            case CHUNK_END -> {
                state = CHUNK_SIZE;
                return from == to;
            }
            default -> { // TRAILERS: skipped up to the empty line
                if (from == to) {
                    state = COMPLETE;
                }
                return true;
            }
        }
    }

    /** {@code HTTP/1.x NNN[ reason]}. */
    private boolean statusLine(byte[] l, int i, int to) {
        if (to - i < 12 || l[i] != 'H' || l[i + 1] != 'T' || l[i + 2] != 'T' || l[i + 3] != 'P' || l[i + 4] != '/'
                || l[i + 5] != '1' || l[i + 6] != '.' || !digit(l[i + 7]) || l[i + 8] != ' '
                || !digit(l[i + 9]) || !digit(l[i + 10]) || !digit(l[i + 11]) || to - i > 12 && l[i + 12] != ' ') {
            return false;
        }
        status = (l[i + 9] - '0') * 100 + (l[i + 10] - '0') * 10 + (l[i + 11] - '0');
        http10 = l[i + 7] == '0';
        state = HEADERS;
        return status >= 100;
    }

    private boolean header(byte[] l, int start, int to) {
        if (ows(l[start])) {
            return true; // obsolete line folding: continues a header this parser does not read
        }
        int colon = start;
        while (colon < to && l[colon] != ':') {
            colon++;
        }
        if (colon == to) {
            return false;
        }
        int nameEnd = colon;
        while (nameEnd > start && ows(l[nameEnd - 1])) {
            nameEnd--; // lenient, as Netty's decoder is for answers: "Name :"
        }
        if (nameEnd == start) {
            return false;
        }
        int from = colon + 1;
        while (from < to && ows(l[from])) {
            from++;
        }
        while (to > from && ows(l[to - 1])) {
            to--;
        }
        switch (nameEnd - start) {
            case 14 -> {
                if (equalsIgnoreCase(CONTENT_LENGTH, l, start, nameEnd)) {
                    return contentLength(l, from, to);
                }
            }
            case 17 -> {
                if (equalsIgnoreCase(TRANSFER_ENCODING, l, start, nameEnd)) {
                    transferCoded = true;
                    // the last coding applied decides: chunked must be the final one
                    chunked = lastTokenIs(CHUNKED, l, from, to);
                }
            }
            case 10 -> {
                if (equalsIgnoreCase(CONNECTION, l, start, nameEnd)) {
                    connectionTokens(l, from, to);
                }
            }
            case 16 -> {
                if (equalsIgnoreCase(SERVED_BY, l, start, nameEnd)) {
                    servedBy(l, from, to);
                }
            }
            default -> {
                // a header this parser does not read
            }
        }
        return true;
    }

    private void servedBy(byte[] l, int from, int to) {
        for (int k = 0; k < KINDS.length; k++) {
            if (Arrays.equals(KINDS[k], 0, KINDS[k].length, l, from, to)) {
                servedBy = k;
                return;
            }
        }
    }

    /** Digits, or a list of identical ones ({@code 2, 2}); a second header must agree. */
    private boolean contentLength(byte[] l, int from, int to) {
        long value = -1;
        int i = from;
        while (true) {
            while (i < to && ows(l[i])) {
                i++;
            }
            long v = 0;
            int digits = 0;
            while (i < to && digit(l[i])) {
                if (++digits > 18) {
                    return false;
                }
                v = v * 10 + (l[i++] - '0');
            }
            if (digits == 0 || value >= 0 && v != value) {
                return false;
            }
            value = v;
            while (i < to && ows(l[i])) {
                i++;
            }
            if (i == to) {
                break;
            }
            if (l[i++] != ',') {
                return false;
            }
        }
        if (contentLength >= 0 && contentLength != value) {
            return false;
        }
        contentLength = value;
        return true;
    }

    private void connectionTokens(byte[] l, int from, int to) {
        int i = from;
        while (i < to) {
            int end = i;
            while (end < to && l[end] != ',') {
                end++;
            }
            int a = i;
            int b = end;
            while (a < b && ows(l[a])) {
                a++;
            }
            while (b > a && ows(l[b - 1])) {
                b--;
            }
            if (equalsIgnoreCase(CLOSE, l, a, b)) {
                closeToken = true;
            } else if (equalsIgnoreCase(KEEP_ALIVE, l, a, b)) {
                keepAliveToken = true;
            }
            i = end + 1;
        }
    }

    private static boolean lastTokenIs(byte[] token, byte[] l, int from, int to) {
        int a = to;
        while (a > from && l[a - 1] != ',') {
            a--;
        }
        while (a < to && ows(l[a])) {
            a++;
        }
        return equalsIgnoreCase(token, l, a, to);
    }

    /** The head is complete: decides how the body ends (RFC 9112 §6.3). */
    private boolean endOfHead() {
        headBytes = 0;
        if (status < 200 && status != 101) {
            // an interim answer (100 Continue, 103 Early Hints): the final one follows
            startResponse();
            state = STATUS_LINE;
            return true;
        }
        keepAlive = http10 ? keepAliveToken && !closeToken : !closeToken;
        if (status < 200 || status == 204 || status == 304) {
            if (status == 101) {
                keepAlive = false; // the connection left HTTP: nothing more this parser can read
            }
            state = COMPLETE;
        } else if (transferCoded) {
            if (chunked) {
                state = CHUNK_SIZE;
            } else {
                keepAlive = false;
                state = BODY_TO_CLOSE;
            }
        } else if (contentLength >= 0) {
            remaining = contentLength;
            state = contentLength == 0 ? COMPLETE : BODY_LENGTH;
        } else {
            keepAlive = false;
            state = BODY_TO_CLOSE;
        }
        return true;
    }

    /** {@code 1a2b[;extension]}: hex digits, then optional whitespace and extensions. */
    private boolean chunkSize(byte[] l, int from, int to) {
        long size = 0;
        int i = from;
        while (i < to) {
            int d = hex(l[i]);
            if (d < 0) {
                break;
            }
            if (i - from == 15) {
                return false;
            }
            size = size << 4 | d;
            i++;
        }
        if (i == from) {
            return false;
        }
        while (i < to && ows(l[i])) {
            i++;
        }
        if (i < to && l[i] != ';') {
            return false;
        }
        if (size == 0) {
            headBytes = 0;
            state = TRAILERS;
        } else {
            remaining = size;
            state = CHUNK_DATA;
        }
        return true;
    }

    /** Takes {@code n} body bytes, comparing them with the expected body while they still match. */
    private void body(byte[] b, int at, int n) {
        if (expect != null && bodyOk) {
            bodyOk = bodyBytes + n <= expect.length
                    && Arrays.equals(b, at, at + n, expect, (int) bodyBytes, (int) bodyBytes + n);
        }
        bodyBytes += n;
    }

    private static boolean equalsIgnoreCase(byte[] lower, byte[] l, int from, int to) {
        if (to - from != lower.length) {
            return false;
        }
        for (int i = 0; i < lower.length; i++) {
            byte b = l[from + i];
            byte c = lower[i];
            if (b != c && !(c >= 'a' && c <= 'z' && b == c - ('a' - 'A'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean digit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static boolean ows(byte b) {
        return b == ' ' || b == '\t';
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'F') {
            return b - 'A' + 10;
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
