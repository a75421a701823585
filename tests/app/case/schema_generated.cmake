# ctest case_schema_generated: testcases/schema.json equals what dmlc_case_schema generates from the
# skeleton and the operators' field tables, so no operator or field is missing from the schema.
#   cmake -DGENERATOR=<dmlc_case_schema> -DSOURCE=<repository> -DOUTPUT=<file> -P schema_generated.cmake
execute_process(COMMAND ${GENERATOR} ${SOURCE}/app/case/case_schema_skeleton.json
                OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "dmlc_case_schema failed (${result})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${SOURCE}/testcases/schema.json
                RESULT_VARIABLE differs)
if(NOT differs EQUAL 0)
  message(FATAL_ERROR "testcases/schema.json is not what the field tables generate; regenerate it:\n"
                      "  build/app/case/dmlc_case_schema app/case/case_schema_skeleton.json > testcases/schema.json")
endif()
