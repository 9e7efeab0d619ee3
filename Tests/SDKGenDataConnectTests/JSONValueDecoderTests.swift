import Foundation
import XCTest
@testable import SDKGenDataConnect

/// The byte-level parser behind `JSONValue.parse` and the decoder over its values, each
/// checked against Foundation's `JSONDecoder` where both apply.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    func testParsesEveryKindOfValue() throws {
        let text = #" { "a" : [1, -2, 2.5, true, false, null, "s", {}], "b": {"c": []}, "é": "" } "#
        XCTAssertEqual(try parse(text), .object([
            "a": .array([.int(1), .int(-2), .double(2.5), .bool(true), .bool(false), .null, .string("s"), .object([:])]),
            "b": .object(["c": .array([])]),
            "é": .string(""),
        ]))
    }

    func testUnescapesStrings() throws {
        XCTAssertEqual(try parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 tail""#), .string("q\" b\\ s/ \u{8}\u{c}\n\r\t é 😀 tail"))
        XCTAssertEqual(try parse("\"naïve 😀\""), .string("naïve 😀"))
    }

    func testNumbersMatchJSONDecoderAndStayExact() throws {
        let numbers = [
            "0", "-0", "1.0", "1e2", "-12", "123456789012345678", "1234567890123456789", "9223372036854775807",
            "-9223372036854775808", "9223372036854775808", "0.1", "0.30000000000000004", "1.5e300", "2.5E-3", "-1e-7",
        ]
        for number in numbers {
            let expected = try JSONDecoder().decode(JSONValue.self, from: Data(number.utf8))
            XCTAssertEqual(try parse(number), expected, number)
        }
        XCTAssertEqual(try parse("9223372036854775807"), .int(.max))
        XCTAssertEqual(try parse("0.1"), .double(0.1))
    }

    func testRejectsMalformedTextNamingTheOffset() {
        let cases: [(String, String)] = [
            ("", "byte 0: unexpected end of input"), ("{", "byte 1: expected a member name"), ("[1,]", "byte 3: invalid number"),
            (#"{"a" 1}"#, "byte 5: expected ':'"), (#"{"a":1"#, "byte 6: expected ',' or '}'"), ("[1 2]", "byte 3: expected ',' or ']'"),
            ("01", "byte 2: invalid number"), ("1 2", "byte 2: unexpected text after the value"), ("1.", "byte 2: invalid number"), ("-", "byte 1: invalid number"),
            ("1e", "byte 2: invalid number"), ("tru", "byte 0: unexpected character"), ("NaN", "byte 0: invalid number"),
            ("1e999", "byte 5: number out of range"), (#""abc"#, "byte 4: unterminated string"), ("\"a\u{1}\"", "byte 2: control character"),
            (#""\x""#, "byte 3: invalid escape"), (#""\u12""#, #"byte 3: invalid \u escape"#), (#""\ud800""#, "byte 7: unpaired surrogate"),
            (#""\ud800\u0041""#, "byte 13: unpaired surrogate"), (#""\udc00""#, "byte 7: unpaired surrogate"),
            (String(repeating: "[", count: 513), "byte 512: nested too deeply"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertTrue(DecodingFailure.describe(error, root: nil).hasPrefix("(root): invalid JSON at \(message)"),
                              "\(text): \(DecodingFailure.describe(error, root: nil))")
            }
        }
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
    }
}

final class JSONValueDecoderTests: XCTestCase {
    private struct Box<Value: Decodable & Equatable>: Decodable, Equatable {
        var value: Value
        enum CodingKeys: String, CodingKey { case value }
        init(from decoder: Decoder) throws {
            var container = try decoder.container(keyedBy: CodingKeys.self)
            value = try CodecHelper<CodingKeys>().decode(Value.self, forKey: .value, container: &container)
        }
    }

    /// A type decoded with Foundation's own conformances (no `CodecHelper`).
    private struct Plain: Decodable, Equatable {
        var name: String
        var count: Int
        var small: Int8?
        var ratio: Float
        var flags: [Bool]
        var nested: [String: [Double]]
    }

    /// What decoding `json` as `T` gives: the value, or the message `DecodingFailure` makes.
    private func outcome<T: Decodable & Equatable>(_ type: T.Type, _ json: String, jsonDecoder: Bool) -> Result<T, Failure> {
        let data = Data(json.utf8)
        do {
            return .success(jsonDecoder
                ? try JSONDecoder().decode(T.self, from: data)
                : try JSONValueDecoder(try JSONValue.parse(data)).decode(T.self))
        } catch {
            return .failure(Failure(message: DecodingFailure.describe(error, root: try? JSONValue.parse(data))))
        }
    }

    private struct Failure: Error, Equatable {
        let message: String
    }

    /// Decodes `json` with both decoders: same value, or same failure message (`failure` when given).
    private func assertSameAsJSONDecoder<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, failure: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        let ours = outcome(T.self, json, jsonDecoder: false)
        XCTAssertEqual(ours, outcome(T.self, json, jsonDecoder: true), json, file: file, line: line)
        if let failure {
            XCTAssertEqual(ours, .failure(Failure(message: failure)), json, file: file, line: line)
        } else if case .failure(let error) = ours {
            XCTFail("\(json): \(error.message)", file: file, line: line)
        }
    }

    func testGeneratedShapesDecodeLikeJSONDecoder() throws {
        let movie = #"{"id": "\#(Sample.uuidWire)", "title": "A", "releaseYear": 1999}"#
        assertSameAsJSONDecoder(MoviesData.self, "{\"movies\": [\(movie), \(movie)]}")
        let decoded = try JSONValueDecoder(try JSONValue.parse(Data("{\"movies\": [\(movie)]}".utf8))).decode(MoviesData.self)
        XCTAssertEqual(decoded.movies.map(\.id), [Sample.uuid])
        XCTAssertEqual(decoded.movies.map(\.releaseYear), [1999])
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": [{"id": "\#(Sample.uuidWire)", "title": "A"}]}"#)
        assertSameAsJSONDecoder(Box<[UUID?]>.self, #"{"value": ["\#(Sample.uuidWire)", null, "\#(Sample.uuid)"]}"#)
        assertSameAsJSONDecoder(Box<[[Int64]]>.self, #"{"value": [["1", 2], []]}"#)
        assertSameAsJSONDecoder(Box<AnyValue>.self, #"{"value": {"a": [1, "x", 2.5]}}"#)
        assertSameAsJSONDecoder(Box<Timestamp>.self, #"{"value": "2006-01-02T15:04:05.5Z"}"#)
        assertSameAsJSONDecoder(Plain.self, #"{"name": "n", "count": 3, "ratio": 0.5, "flags": [true], "nested": {"a": [1, 2.5]}}"#)
        assertSameAsJSONDecoder(Plain.self, #"{"name": "n", "count": 3, "small": -4, "ratio": 2, "flags": [], "nested": {}}"#)
    }

    func testFailuresNameTheSamePathsAsJSONDecoder() {
        let id = Sample.uuidWire
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": [{"id": "\#(id)", "title": "A", "releaseYear": "1999"}]}"#,
                                failure: "movies[0].releaseYear: expected Int, found String")
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": {"id": 1}}"#, failure: "movies: expected Array, found Object")
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": null}"#, failure: "movies: expected Array, found null")
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": [{"id": "\#(id)"}]}"#, failure: "movies[0]: missing key \"title\"")
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": [null]}"#, failure: "movies[0]: expected Object, found null")
        assertSameAsJSONDecoder(MoviesData.self, #"{"movies": [7]}"#, failure: "movies[0]: expected Object, found Int")
        assertSameAsJSONDecoder(MoviesData.self, "[]", failure: "(root): expected Object, found Array")
        assertSameAsJSONDecoder(Box<UUID>.self, #"{"value": "\#(id.dropLast())z"}"#, failure: "value: expected UUID, found \"\(id.dropLast())z\"")
        assertSameAsJSONDecoder(Box<UUID>.self, #"{"value": 5}"#, failure: "value: expected String, found Int")
        assertSameAsJSONDecoder(Box<Int64>.self, #"{"value": "4x2"}"#, failure: "value: expected Int64, found \"4x2\"")
        assertSameAsJSONDecoder(Box<Int>.self, #"{"value": null}"#, failure: "value: expected Int, found null")
        assertSameAsJSONDecoder(Box<Int>.self, "{}", failure: "(root): missing key \"value\"")
        assertSameAsJSONDecoder(Box<Bool>.self, #"{"value": 1}"#, failure: "value: expected Bool, found Int")
        assertSameAsJSONDecoder(Box<String>.self, #"{"value": [1]}"#, failure: "value: expected String, found Array")
        assertSameAsJSONDecoder(Box<[LocalDate]>.self, #"{"value": ["2021-01-01", "x"]}"#,
                                failure: "value[1]: expected Date (yyyy-MM-dd), found \"x\"")
        assertSameAsJSONDecoder(Box<[Int64]>.self, #"{"value": ["1", true]}"#, failure: "value[1]: expected Int64, found Bool")
        assertSameAsJSONDecoder(Box<Float>.self, #"{"value": "1.5"}"#, failure: "value: expected Float, found String")
        assertSameAsJSONDecoder(Plain.self, #"{"name": "n", "count": 3, "ratio": 1, "flags": [true, 2], "nested": {}}"#,
                                failure: "flags[1]: expected Bool, found Int")
        assertSameAsJSONDecoder(Plain.self, #"{"name": "n", "count": 3, "ratio": 1, "flags": [], "nested": {"k": ["x"]}}"#,
                                failure: "nested.k[0]: expected Double, found String")
    }

    func testUnkeyedContainersReportTheirEnd() {
        struct Pair: Decodable, Equatable {
            var id: UUID
            var count: Int64
            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                XCTAssertEqual(container.count, 1)
                id = try WireCodec.decode(UUID.self, from: &container)
                XCTAssertTrue(container.isAtEnd)
                XCTAssertThrowsError(try container.decodeNil())
                count = try WireCodec.decode(Int64.self, from: &container)
            }
        }
        let expected = outcome(Pair.self, "[\"\(Sample.uuidWire)\"]", jsonDecoder: true)
        guard case .failure(let failure) = expected else { return XCTFail("JSONDecoder decoded a missing element") }
        XCTAssertTrue(failure.message.hasPrefix("[1]: expected WireDecoded<"), failure.message)
        XCTAssertEqual(outcome(Pair.self, "[\"\(Sample.uuidWire)\"]", jsonDecoder: false), expected)
    }

    func testIntegersMustFitTheirType() {
        XCTAssertEqual(outcome(Box<Int8>.self, #"{"value": 300}"#, jsonDecoder: false),
                       .failure(Failure(message: "value: the number 300 does not fit in Int8")))
        XCTAssertEqual(outcome(Box<UInt>.self, #"{"value": -1}"#, jsonDecoder: false),
                       .failure(Failure(message: "value: the number -1 does not fit in UInt")))
        XCTAssertEqual(outcome(Box<Int>.self, #"{"value": 2.5}"#, jsonDecoder: false), .failure(Failure(message: "value: expected Int, found Double")))
        XCTAssertEqual(try? outcome(Box<Int>.self, #"{"value": 2.0}"#, jsonDecoder: false).get().value, 2)
    }

    func testKeyedContainerQueries() throws {
        enum Keys: String, CodingKey { case a, b, c, missing }
        let decoder = JSONValueDecoder(try JSONValue.parse(Data(#"{"a": null, "b": {"c": [1]}, "x": 1}"#.utf8)))
        let container = try decoder.container(keyedBy: Keys.self)
        XCTAssertEqual(Set(container.allKeys.map(\.stringValue)), ["a", "b"])
        XCTAssertTrue(container.contains(.a))
        XCTAssertFalse(container.contains(.missing))
        XCTAssertTrue(try container.decodeNil(forKey: .a))
        XCTAssertNil(try container.decodeIfPresent(Int.self, forKey: .a))
        XCTAssertNil(try container.decodeIfPresent(Int.self, forKey: .missing))
        var list = try container.nestedContainer(keyedBy: Keys.self, forKey: .b).superDecoder(forKey: .c).unkeyedContainer()
        XCTAssertEqual(list.codingPath.map(\.stringValue), ["b", "c"])
        XCTAssertEqual(try list.decode(Int.self), 1)
        XCTAssertThrowsError(try container.nestedUnkeyedContainer(forKey: .missing)) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "(root): missing key \"missing\"")
        }
        XCTAssertTrue(try container.superDecoder().singleValueContainer().decodeNil())
        XCTAssertEqual(try container.superDecoder(forKey: .b).codingPath.map(\.stringValue), ["b"])
    }
}
