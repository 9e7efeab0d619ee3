import Diagnostics
import XCTest

final class DurationTextTests: XCTestCase {
    func testOneDecimalRoundedToNearest() {
        XCTAssertEqual(DurationText.milliseconds(12.54), "12.5 ms")
        XCTAssertEqual(DurationText.milliseconds(12.56), "12.6 ms")
        XCTAssertEqual(DurationText.milliseconds(0.04), "0.0 ms")
        XCTAssertEqual(DurationText.milliseconds(9.96), "10.0 ms")
        XCTAssertEqual(DurationText.milliseconds(1234.0), "1234.0 ms")
    }

    /// Ties go to the even digit, as with `printf("%.1f")`.
    func testExactTiesGoToEven() {
        XCTAssertEqual(DurationText.milliseconds(0.25), "0.2 ms")
        XCTAssertEqual(DurationText.milliseconds(0.75), "0.8 ms")
    }

    func testNegativeAndNonFiniteValuesPrintAsZero() {
        XCTAssertEqual(DurationText.milliseconds(-3), "0.0 ms")
        XCTAssertEqual(DurationText.milliseconds(.nan), "0.0 ms")
        XCTAssertEqual(DurationText.milliseconds(.infinity), "0.0 ms")
    }
}
