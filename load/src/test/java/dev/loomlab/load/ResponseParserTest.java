package dev.loomlab.load;

import dev.loomlab.core.model.ServingThread;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseParserTest {
    private static final byte[] OK = bytes("ok");

    /** What a parse of one answer ended in, and what the parser then says about it. */
    private record Outcome(int result, int status, boolean keepAlive, int servedBy, boolean bodyMatches, long bodyBytes,
                           int leftOver) {
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Feeds {@code answer} cut at {@code cuts} (ascending), stopping at the first result other than MORE. */
    private static Outcome parse(ResponseParser p, byte[] answer, int... cuts) {
        int from = 0;
        int result = ResponseParser.MORE;
        int leftOver = 0;
        List<Integer> ends = new ArrayList<>();
        for (int c : cuts) {
            ends.add(c);
        }
        ends.add(answer.length);
        for (int end : ends) {
            if (end < from) {
                continue;
            }
            ByteBuf in = Unpooled.wrappedBuffer(answer, from, end - from);
            result = p.parse(in);
            from = end;
            if (result != ResponseParser.MORE) {
                leftOver = in.readableBytes() + answer.length - end;
                break;
            }
            assertThat(in.isReadable()).as("MORE consumes every byte").isFalse();
        }
        return new Outcome(result, p.status(), p.keepAlive(), p.servedBy(), p.bodyMatches(), p.bodyBytes(), leftOver);
    }

    private static Outcome parse(String answer, byte[] expect) {
        return parse(new ResponseParser(expect), bytes(answer));
    }

    /** The same outcome whole, cut at every position, and byte by byte. */
    private static Outcome parseSplitAnywhere(String answer, byte[] expect) {
        byte[] b = bytes(answer);
        Outcome whole = parse(new ResponseParser(expect), b);
        for (int cut = 0; cut <= b.length; cut++) {
            assertThat(parse(new ResponseParser(expect), b, cut)).as("cut at %d", cut).isEqualTo(whole);
        }
        int[] every = new int[b.length];
        for (int i = 0; i < b.length; i++) {
            every[i] = i;
        }
        assertThat(parse(new ResponseParser(expect), b, every)).as("byte by byte").isEqualTo(whole);
        return whole;
    }

    @Test
    void readsTheJdkServersAnswer() {
        // com.sun.net.httpserver writes header names with only their first letter upper case
        Outcome o = parseSplitAnywhere("HTTP/1.1 200 OK\r\nDate: Fri, 27 Nov 2026 04:45:22 GMT\r\nContent-type: text/plain\r\n"
                + "X-loomlab-thread: virtual\r\nContent-length: 2\r\n\r\nok", OK);

        assertThat(o.result()).isEqualTo(ResponseParser.DONE);
        assertThat(o.status()).isEqualTo(200);
        assertThat(o.keepAlive()).isTrue();
        assertThat(o.servedBy()).isEqualTo(ServingThread.VIRTUAL.ordinal());
        assertThat(o.bodyMatches()).isTrue();
        assertThat(o.leftOver()).isZero();
    }

    @Test
    void namesEachServingThreadKindAndNoOther() {
        for (ServingThread t : ServingThread.values()) {
            Outcome o = parse("HTTP/1.1 200 OK\r\nx-loomlab-thread:  " + t.header() + " \r\ncontent-length: 2\r\n\r\nok", OK);
            assertThat(o.servedBy()).isEqualTo(t.ordinal());
        }
        assertThat(parse("HTTP/1.1 200 OK\r\nX-Loomlab-Thread: Virtual\r\nContent-Length: 2\r\n\r\nok", OK).servedBy())
                .isEqualTo(LoopStats.UNNAMED);
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", OK).servedBy()).isEqualTo(LoopStats.UNNAMED);
    }

    @Test
    void deChunksABodyWithExtensionsAndTrailers() {
        Outcome o = parseSplitAnywhere("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Loomlab-Thread: event-loop\r\n\r\n"
                + "1;name=value\r\no\r\n0001\r\nk\r\n0\r\nX-Trailer: yes\r\n\r\n", OK);

        assertThat(o.result()).isEqualTo(ResponseParser.DONE);
        assertThat(o.bodyBytes()).isEqualTo(2);
        assertThat(o.bodyMatches()).isTrue();
        assertThat(o.keepAlive()).isTrue();
        assertThat(o.servedBy()).isEqualTo(ServingThread.EVENT_LOOP.ordinal());
        assertThat(o.leftOver()).isZero();
    }

    @Test
    void chunkedWinsOverContentLengthAndMustBeTheLastCoding() {
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n", OK))
                .extracting(Outcome::result, Outcome::bodyMatches).containsExactly(ResponseParser.DONE, true);
        // chunked is not the final coding: the body runs to the close
        Outcome toClose = parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\nok", OK);
        assertThat(toClose.result()).isEqualTo(ResponseParser.MORE);
        assertThat(toClose.keepAlive()).isFalse();
    }

    @Test
    void noBodyFor204And304WhateverTheirHeadersSay() {
        for (int status : new int[] {204, 304}) {
            Outcome o = parseSplitAnywhere("HTTP/1.1 " + status + " X\r\nContent-Length: 5\r\n\r\n", null);
            assertThat(o.result()).isEqualTo(ResponseParser.DONE);
            assertThat(o.status()).isEqualTo(status);
            assertThat(o.bodyBytes()).isZero();
            assertThat(o.keepAlive()).isTrue();
        }
    }

    @Test
    void anExpectedBodyMustBeExactlyThere() {
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno", OK).bodyMatches()).isFalse();
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nokk", OK).bodyMatches()).isFalse();
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\no", OK).bodyMatches()).isFalse();
        assertThat(parse("HTTP/1.1 204 No Content\r\n\r\n", OK).bodyMatches()).isFalse();
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabcde", null).bodyMatches()).isTrue();
    }

    @Test
    void connectionCloseAndHttp10KeepAlive() {
        assertThat(parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", OK).keepAlive()).isFalse();
        assertThat(parse("HTTP/1.1 200 OK\r\nConnection: TE, Close\r\nContent-Length: 2\r\n\r\nok", OK).keepAlive()).isFalse();
        assertThat(parse("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok", OK).keepAlive()).isTrue();
        assertThat(parse("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", OK).keepAlive()).isFalse();
        assertThat(parse("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok", OK).keepAlive()).isTrue();
    }

    @Test
    void aBodyWithoutLengthRunsToTheClose() {
        ResponseParser p = new ResponseParser(OK);
        Outcome o = parse(p, bytes("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\no"), 20);
        assertThat(o.result()).isEqualTo(ResponseParser.MORE);
        assertThat(p.parse(Unpooled.wrappedBuffer(bytes("k")))).isEqualTo(ResponseParser.MORE);
        assertThat(p.completesAtClose()).isTrue();
        assertThat(p.keepAlive()).isFalse();
        assertThat(p.bodyMatches()).isTrue();
    }

    @Test
    void anAnswerCutShortByTheCloseIsNotComplete() {
        ResponseParser p = new ResponseParser(OK);
        parse(p, bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\no"));
        assertThat(p.completesAtClose()).isFalse();
        ResponseParser chunked = new ResponseParser(OK);
        parse(chunked, bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n"));
        assertThat(chunked.completesAtClose()).isFalse();
        assertThat(new ResponseParser(OK).completesAtClose()).isFalse();
    }

    @Test
    void stopsAtTheEndOfAnAnswerLeavingTheNextOneUnread() {
        String first = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        String second = "HTTP/1.1 503 Busy\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nbusy\r\n0\r\n\r\n";
        String third = "HTTP/1.1 204 No Content\r\n\r\n";
        ByteBuf in = Unpooled.wrappedBuffer(bytes(first + second + third));
        ResponseParser p = new ResponseParser(OK);

        assertThat(p.parse(in)).isEqualTo(ResponseParser.DONE);
        assertThat(p.status()).isEqualTo(200);
        assertThat(in.readableBytes()).isEqualTo(second.length() + third.length());
        p.reset();
        assertThat(p.parse(in)).isEqualTo(ResponseParser.DONE);
        assertThat(p.status()).isEqualTo(503);
        assertThat(p.bodyMatches()).isFalse();
        assertThat(in.readableBytes()).isEqualTo(third.length());
        p.reset();
        assertThat(p.parse(in)).isEqualTo(ResponseParser.DONE);
        assertThat(p.status()).isEqualTo(204);
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void skipsInterimAnswers() {
        Outcome o = parseSplitAnywhere("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nX-Loomlab-Thread: platform\r\nContent-Length: 2\r\n\r\nok", OK);
        assertThat(o.result()).isEqualTo(ResponseParser.DONE);
        assertThat(o.status()).isEqualTo(200);
        assertThat(o.servedBy()).isEqualTo(ServingThread.PLATFORM.ordinal());
        assertThat(o.bodyMatches()).isTrue();
    }

    @Test
    void switchingProtocolsEndsTheConnection() {
        Outcome o = parse("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n", null);
        assertThat(o.result()).isEqualTo(ResponseParser.DONE);
        assertThat(o.status()).isEqualTo(101);
        assertThat(o.keepAlive()).isFalse();
    }

    @Test
    void toleratesBareLineFeedsLenientSpacingAndNoReason() {
        Outcome o = parseSplitAnywhere("\r\nHTTP/1.1 200\nContent-Length : 2\nCONTENT-LENGTH:2, 2\nFolded: a\n  b\n\nok", OK);
        assertThat(o.result()).isEqualTo(ResponseParser.DONE);
        assertThat(o.status()).isEqualTo(200);
        assertThat(o.bodyMatches()).isTrue();
    }

    @Test
    void readsBuffersWithoutAnArrayToo() {
        byte[] answer = bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1");
        ByteBuf direct = Unpooled.directBuffer(answer.length).writeBytes(answer);
        try {
            ResponseParser p = new ResponseParser(OK);
            assertThat(p.parse(direct)).isEqualTo(ResponseParser.DONE);
            assertThat(p.bodyMatches()).isTrue();
            assertThat(direct.readableBytes()).isEqualTo("HTTP/1.1".length());
        } finally {
            direct.release();
        }
    }

    @Test
    void malformedAnswers() {
        String[] malformed = {
                "garbage\r\n\r\n",
                "HTTP/2 200 OK\r\n\r\n",
                "HTTP/1.1 20 OK\r\n\r\n",
                "HTTP/1.1 200OK\r\n\r\n",
                "HTTP/1.1 099 Low\r\n\r\n",
                "HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n",
                "HTTP/1.1 200 OK\r\n: no name\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 2, 3\r\n\r\nok",
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok",
                "HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456789\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 x\r\nok\r\n0\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokX\r\n0\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
        };
        for (String answer : malformed) {
            byte[] b = bytes(answer);
            for (int cut = 0; cut <= b.length; cut++) {
                assertThat(parse(new ResponseParser(OK), b, cut).result()).as("%s cut at %d", answer, cut)
                        .isEqualTo(ResponseParser.MALFORMED);
            }
        }
    }

    @Test
    void aMalformedAnswerStaysMalformed() {
        ResponseParser p = new ResponseParser(OK);
        assertThat(p.parse(Unpooled.wrappedBuffer(bytes("nonsense\r\n")))).isEqualTo(ResponseParser.MALFORMED);
        assertThat(p.parse(Unpooled.wrappedBuffer(bytes("HTTP/1.1 200 OK\r\n\r\n")))).isEqualTo(ResponseParser.MALFORMED);
    }

    @Test
    void linesAndHeadsHaveALimit() {
        String longValue = "x".repeat(ResponseParser.MAX_LINE);
        byte[] longLine = bytes("HTTP/1.1 200 OK\r\nX-Long: " + longValue + "\r\nContent-Length: 0\r\n\r\n");
        assertThat(parse(new ResponseParser(null), longLine).result()).isEqualTo(ResponseParser.MALFORMED);
        assertThat(parse(new ResponseParser(null), longLine, 30, 4000, 8000).result()).isEqualTo(ResponseParser.MALFORMED);

        StringBuilder many = new StringBuilder("HTTP/1.1 200 OK\r\n");
        while (many.length() <= ResponseParser.MAX_HEAD) {
            many.append("X-Many: ").append("y".repeat(1000)).append("\r\n");
        }
        byte[] head = bytes(many.append("Content-Length: 0\r\n\r\n").toString());
        assertThat(parse(new ResponseParser(null), head).result()).isEqualTo(ResponseParser.MALFORMED);
        assertThat(parse(new ResponseParser(null), head, 20_000, 40_000).result()).isEqualTo(ResponseParser.MALFORMED);

        // just under both limits: fine
        String fits = "HTTP/1.1 200 OK\r\nX-Long: " + "x".repeat(ResponseParser.MAX_LINE - 10) + "\r\nContent-Length: 0\r\n\r\n";
        assertThat(parse(new ResponseParser(null), bytes(fits), 100).result()).isEqualTo(ResponseParser.DONE);
    }

    @Test
    void aLargeBodyIsCountedNotKept() {
        byte[] head = bytes("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n");
        ResponseParser p = new ResponseParser(null);
        assertThat(p.parse(Unpooled.wrappedBuffer(head))).isEqualTo(ResponseParser.MORE);
        byte[] part = new byte[100_000];
        for (int i = 0; i < 9; i++) {
            assertThat(p.parse(Unpooled.wrappedBuffer(part))).isEqualTo(ResponseParser.MORE);
        }
        ByteBuf last = Unpooled.wrappedBuffer(new byte[100_010]);
        assertThat(p.parse(last)).isEqualTo(ResponseParser.DONE);
        assertThat(last.readableBytes()).isEqualTo(10);
        assertThat(p.bodyBytes()).isEqualTo(1_000_000);
    }

    /** The hot path's promise: parsing an answer, whole or split, allocates nothing once the parser has seen one. */
    @Test
    void parsingAllocatesNothing() {
        byte[] answer = bytes("HTTP/1.1 200 OK\r\nDate: Fri, 27 Nov 2026 04:45:22 GMT\r\nContent-type: text/plain\r\n"
                + "X-loomlab-thread: virtual\r\nContent-length: 2\r\n\r\nok");
        ByteBuf in = Unpooled.wrappedBuffer(answer);
        ResponseParser p = new ResponseParser(OK);
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long allocated = 0;
        for (int round = 0; round < 2; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 20_000; i++) {
                p.reset();
                int cut = i % answer.length;
                in.setIndex(0, cut);
                p.parse(in);
                in.setIndex(cut, answer.length);
                if (p.parse(in) != ResponseParser.DONE) {
                    throw new AssertionError("answer " + i + " not done");
                }
            }
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        // the second round: nothing left to grow or to load; a few bytes of slack for the bean's own bookkeeping
        assertThat(allocated).isLessThan(1024);
    }

    @Test
    void resetReadiesTheParserForTheNextAnswer() {
        ResponseParser p = new ResponseParser(OK);
        parse(p, bytes("HTTP/1.1 500 Oops\r\nConnection: close\r\nX-Loomlab-Thread: virtual\r\nContent-Length: 4\r\n\r\noops"));
        assertThat(p.status()).isEqualTo(500);
        p.reset();
        Outcome o = parse(p, bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        assertThat(o).isEqualTo(new Outcome(ResponseParser.DONE, 200, true, LoopStats.UNNAMED, true, 2, 0));
    }
}
