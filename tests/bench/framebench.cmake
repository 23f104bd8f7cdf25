# contactlab-framebench: the cost of one Simulate-mode display frame (step + draw with every overlay on) for
# 1000 bodies on the real MainWindow, offscreen. Prints the numbers; asserts nothing (design.md section 6).
# Included from tests/bench/CMakeLists.txt; owned by the simulation (issue 6).
if(TARGET contactlab_gui)
  add_executable(contactlab-framebench ${CMAKE_CURRENT_LIST_DIR}/framebench_main.cpp)
  target_link_libraries(contactlab-framebench PRIVATE contactlab_gui contactlab_warnings)
endif()
