# Writes the manual page from the built program (`bao-oracle --man-page`,
# oracle/cli/man_page.hpp) and its gzip -9n copy, the one installed: no
# name or time stamp in it, so the same program gives the same bytes.
# cmake -DEXE=<bao-oracle> -DOUT=<page.1> -P man_page.cmake
execute_process(COMMAND ${EXE} --man-page OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "man page: ${EXE} --man-page failed (${status})")
endif()
file(RENAME ${OUT}.tmp ${OUT})
find_program(GZIP gzip REQUIRED)
execute_process(COMMAND ${GZIP} -9nc INPUT_FILE ${OUT} OUTPUT_FILE ${OUT}.gz RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "man page: gzip of ${OUT} failed (${status})")
endif()
