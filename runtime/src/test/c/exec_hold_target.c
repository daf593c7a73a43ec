/*
 * The program ExecHoldTest holds at exec: `answer` is 42 in the image on disk and only main makes it 7, so
 * a debugger that reads 42 has read the process before any of its code ran.
 */
#include <stdio.h>

int answer = 42;

int main(void)
{
    answer = 7;
    printf("answer %d\n", answer);
    return 0;
}
